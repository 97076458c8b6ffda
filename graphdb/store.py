"""The block store in Neo4j: one ``Store`` node per repository and one ``Block`` node per block.

``Store.doc`` holds the store's own fields as pydantic's JSON (everything but the blocks, the version
and the lease); ``store_version`` and the advisory lease (``curating_by``/``curating_until``) are plain
properties so they can be compared and set in Cypher. Each ``Block.doc`` holds one block's JSON
(pydantic's, deterministic for a given block), so a load rebuilds the exact store and an export is
byte-identical to what was written. Writers persist only the blocks that changed.

Reads are read-committed in Neo4j: a reader racing a commit can see the store node of one version and
some blocks of another. So every write also sets ``Store.manifest``, one property (read atomically)
naming the version, the digest of the store doc and the digests of the block docs in block order. A
load assembles the store from the manifest and raises :class:`TornRead` when what it read does not
match it; readers outside the store lock retry (``graphdb.store_writes.read_store``).

These functions take a managed transaction and are pure functions of their arguments, as the driver
may retry them on transient errors; ``load_current`` alone reads outside any transaction of the caller.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from neo4j import ManagedTransaction

from graphdb.database import Database
from graphdb.queries import query
from rooms.contract import Store, SystemBlock

_OUTSIDE_DOC = {"blocks", "store_version", "curating_by", "curating_until"}


def _store_doc(store: Store) -> str:
    return store.model_dump_json(exclude=_OUTSIDE_DOC)


def _block_doc(block: SystemBlock) -> str:
    return block.model_dump_json()


class TornRead(Exception):
    """A load saw parts of two committed versions (a concurrent commit); read again."""


def _digest(doc: str) -> str:
    return hashlib.blake2b(doc.encode(), digest_size=16).hexdigest()


def _manifest(version: int, store_doc: str, block_digests: list[str]) -> list[str]:
    return [f"{version}:{_digest(store_doc)}", *block_digests]


def _store_params(store: Store, block_digests: list[str]) -> dict[str, Any]:
    doc = _store_doc(store)
    return {
        "repo_id": store.repo.repo_id,
        "store_version": store.store_version,
        "doc": doc,
        "manifest": _manifest(store.store_version, doc, block_digests),
        "curating_by": store.curating_by,
        "curating_until": store.curating_until,
    }


@dataclass(frozen=True)
class Recorded:
    """A history entry found under the lock: the version a batch produced and its ops."""

    store_version: int
    ops: str


@dataclass(frozen=True)
class Locked:
    """What taking the Store lock tells: its version, manifest, the advisory lease and, when a
    batch id was given, that batch's history entry if it was applied before."""

    version: int
    manifest: list[str]
    curating_by: str | None
    curating_until: str | None
    recorded: Recorded | None = None


@dataclass(frozen=True)
class HistoryEntry:
    """One write's line in the store's history (every write that bumps the version records one)."""

    batch_id: str
    kind: str  # edit | ratify | reconcile | import | scan
    seat: str
    agent_id: str
    ops: str
    summary: str = ""


def lock(tx: ManagedTransaction, repo_id: str, batch_id: str | None = None) -> Locked | None:
    """Lock the store (and look ``batch_id`` up in its history); None when there is no store (version 0)."""
    record = tx.run(query("store_lock"), repo_id=repo_id, batch_id=batch_id).single()
    if record is None:
        return None
    recorded = None
    if record["recorded_version"] is not None:
        recorded = Recorded(int(record["recorded_version"]), record["recorded_ops"])
    return Locked(
        int(record["store_version"]),
        list(record["manifest"]),
        record["curating_by"],
        record["curating_until"],
        recorded,
    )


def lock_version(tx: ManagedTransaction, repo_id: str) -> int | None:
    locked = lock(tx, repo_id)
    return None if locked is None else locked.version


def load_locked(tx: ManagedTransaction, repo_id: str) -> Store:
    """The store just locked in ``tx`` (so it exists)."""
    store = load(tx, repo_id)
    assert store is not None, "the store was locked, so it exists"
    return store


def load_current(db: Database, repo_id: str) -> Store | None:
    """The store as of one committed version, without the lock, in one statement; :class:`TornRead` as
    :func:`load`."""
    snapshot = load_snapshot(db, repo_id)
    return None if snapshot is None else snapshot[0]


def load_snapshot(db: Database, repo_id: str) -> tuple[Store, tuple[str, ...]] | None:
    """As :func:`load_current`, with the manifest the store was assembled from (what a later lock can be
    compared with: the same manifest is the same content)."""
    rows = db.rows("store_read", repo_id=repo_id)
    return None if not rows else (_assemble(repo_id, rows[0]), tuple(rows[0]["manifest"]))


def load(tx: ManagedTransaction, repo_id: str) -> Store | None:
    """The store as of one committed version; :class:`TornRead` when the read raced a commit."""
    record = tx.run(query("store_read"), repo_id=repo_id).single(strict=False)
    return None if record is None else _assemble(repo_id, record)


def _assemble(repo_id: str, record: Mapping[str, Any]) -> Store:
    """The store a ``store_read`` row holds, checked against its manifest."""
    manifest = list(record["manifest"])
    version_text, _, doc_digest = manifest[0].partition(":")
    if _digest(record["doc"]) != doc_digest:
        raise TornRead(repo_id)
    by_digest = {_digest(doc): doc for doc in record["blocks"]}
    try:
        docs = [by_digest[digest] for digest in manifest[1:]]
    except KeyError:
        raise TornRead(repo_id) from None
    data = json.loads(record["doc"])
    data["store_version"] = int(version_text)
    for key in ("curating_by", "curating_until"):
        if record[key] is not None:
            data[key] = record[key]
    data["blocks"] = []
    shell = Store.model_validate(data)
    # Assigning validated blocks skips re-validating them; the store-level checks still run below.
    blocks = [SystemBlock.model_validate_json(doc) for doc in docs]
    return Store.model_validate({**shell.__dict__, "blocks": blocks})


def create(tx: ManagedTransaction, store: Store, entry: HistoryEntry) -> None:
    """Create a store that does not exist yet (a racing creator fails on the key constraint)."""
    tx.run(query("store_create"), repo_id=store.repo.repo_id).consume()
    docs = [(b.block_id, _block_doc(b)) for b in store.blocks]
    _commit(tx, store, [_digest(doc) for _, doc in docs], docs, entry)


def persist(tx: ManagedTransaction, locked: Locked, before: Store, after: Store, entry: HistoryEntry) -> None:
    """Write ``after`` over ``before`` (the version ``locked`` in ``tx``) in one statement: the store, the
    blocks that differ, the removal of blocks that are gone, and the history entry."""
    # ``before`` is the locked version, so the manifest lists its blocks' digests in its order.
    known = dict(zip([b.block_id for b in before.blocks], locked.manifest[1:], strict=True))
    old = {b.block_id: b for b in before.blocks}
    changed: list[tuple[str, str]] = []
    digests: list[str] = []
    for block in after.blocks:
        prior = old.get(block.block_id)
        # Unchanged blocks are the very same objects in before and after (the edit engine shares them);
        # a changed one differs by value: identity is checked first, then equality.
        if prior is not None and (prior is block or prior == block):
            digests.append(known[block.block_id])
        else:
            doc = _block_doc(block)
            changed.append((block.block_id, doc))
            digests.append(_digest(doc))
    _commit(tx, after, digests, changed, entry)


def _commit(
    tx: ManagedTransaction, store: Store, digests: list[str], docs: list[tuple[str, str]], entry: HistoryEntry
) -> None:
    """One statement: the store's fields and manifest, the blocks not in ``store`` removed, ``docs`` (changed
    or new blocks) written, and the history line."""
    params = _store_params(store, digests)
    tx.run(
        query("store_commit"),
        **params,
        keep=[b.block_id for b in store.blocks],
        blocks=[{"block_id": block_id, "doc": doc} for block_id, doc in docs],
        batch_id=entry.batch_id,
        kind=entry.kind,
        seat=entry.seat,
        agent_id=entry.agent_id,
        ops=entry.ops,
        summary=entry.summary,
    ).consume()


def set_lease(tx: ManagedTransaction, repo_id: str, holder: str | None, until: str | None) -> None:
    """Record the advisory lease (both None: released); the store must be locked in ``tx``."""
    tx.run(query("store_lease_set"), repo_id=repo_id, curating_by=holder, curating_until=until).consume()


def persist_layout(tx: ManagedTransaction, locked: Locked, before: Store, after: Store) -> None:
    """Write the block docs ``after`` changed (positions only: the caller changed nothing else) and the
    manifest, at the same version, with no history line: a position is not a boundary."""
    known = dict(zip([b.block_id for b in before.blocks], locked.manifest[1:], strict=True))
    old = {b.block_id: b for b in before.blocks}
    changed: list[dict[str, str]] = []
    digests: list[str] = []
    for block in after.blocks:
        if old[block.block_id] is block:
            digests.append(known[block.block_id])
            continue
        doc = _block_doc(block)
        changed.append({"block_id": block.block_id, "doc": doc})
        digests.append(_digest(doc))
    manifest = [locked.manifest[0], *digests]
    tx.run(query("store_place_blocks"), repo_id=after.repo.repo_id, manifest=manifest, blocks=changed).consume()
