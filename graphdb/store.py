"""The block store in Neo4j: one ``Store`` node per repository and one ``Block`` node per block.

``Store.doc`` holds the store's own fields as canonical JSON (everything but the blocks, the version
and the lease); ``store_version`` and the advisory lease (``curating_by``/``curating_until``) are plain
properties so they can be compared and set in Cypher. Each ``Block.doc`` holds one block's canonical
JSON, so a load rebuilds the exact store and an export is byte-identical to what was written. Writers
persist only the blocks that changed.

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
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from json.encoder import encode_basestring
from typing import Any

from neo4j import ManagedTransaction

from graphdb.database import Database
from graphdb.queries import query
from rooms.contract import Member, MemberRole, Store, SystemBlock

_OUTSIDE_DOC = {"blocks", "store_version", "curating_by", "curating_until"}


def _store_doc(store: Store) -> str:
    return json.dumps(store.model_dump(mode="json", exclude=_OUTSIDE_DOC), ensure_ascii=False)


_ROLE_JSON = {role: encode_basestring(role.value) for role in MemberRole}


def _member_json(member: Member) -> str:
    # What json.dumps writes for Member's canonical dict (rooms.contract.blocks.Member._canonical).
    optional = ', "optional": true' if member.optional else ""
    return f'{{"path": {encode_basestring(member.path)}, "role": {_ROLE_JSON[member.role]}{optional}}}'


def _block_doc(block: SystemBlock) -> str:
    """``json.dumps(block.model_dump(mode="json"), ensure_ascii=False)``, byte for byte. The membership, most
    of a block, is written directly: pydantic calls Member's serializer once per entry, which made this the
    largest cost of an edit batch. The other fields still go through the canonical dump."""
    data = block.model_dump(mode="json", exclude={"membership"})
    keys = list(data)
    cut = keys.index("membership_source") + 1  # membership follows it in field order
    head = json.dumps({key: data[key] for key in keys[:cut]}, ensure_ascii=False)
    tail = json.dumps({key: data[key] for key in keys[cut:]}, ensure_ascii=False)
    members = "[" + ", ".join(map(_member_json, block.membership)) + "]"
    return f'{head[:-1]}, "membership": {members}{", " + tail[1:] if len(tail) > 2 else "}"}'


class TornRead(Exception):
    """A load saw parts of two committed versions (a concurrent commit); read again."""


def _digest(doc: str) -> str:
    return hashlib.blake2b(doc.encode(), digest_size=16).hexdigest()


# Block docs repeat from version to version (a batch changes a few blocks): their digests are kept, like
# their parsed models. The store doc changes with every version, so its digest is not.
_block_digest = lru_cache(maxsize=8192)(_digest)


def _manifest(version: int, store_doc: str, block_digests: list[str]) -> list[str]:
    return [f"{version}:{_digest(store_doc)}", *block_digests]


@lru_cache(maxsize=8192)
def _parse_block(doc: str) -> SystemBlock:
    """Validated block of a stored doc. Cached by the doc's text: an unchanged block is not re-validated
    on every load. Models are shared between loads, so callers treat them as read-only (the edit engine
    never mutates its input)."""
    return SystemBlock.model_validate_json(doc)


def _store_params(store: Store, block_digests: list[str]) -> dict[str, Any]:
    doc = _store_doc(store)
    return {"repo_id": store.repo.repo_id, "store_version": store.store_version, "doc": doc,
            "manifest": _manifest(store.store_version, doc, block_digests),
            "curating_by": store.curating_by, "curating_until": store.curating_until}


@dataclass(frozen=True)
class Head:
    """What a store's answer to a read depends on: its manifest (its content) and its advisory lease."""

    manifest: tuple[str, ...]
    curating_by: str | None
    curating_until: str | None


def head_of(record: Mapping[str, Any]) -> Head:
    """The head in a row with ``manifest``, ``curating_by`` and ``curating_until`` columns."""
    return Head(tuple(record["manifest"]), record["curating_by"], record["curating_until"])


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

    @property
    def head(self) -> Head:
        return Head(tuple(self.manifest), self.curating_by, self.curating_until)


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
    return Locked(int(record["store_version"]), list(record["manifest"]), record["curating_by"],
                  record["curating_until"], recorded)


def lock_version(tx: ManagedTransaction, repo_id: str) -> int | None:
    locked = lock(tx, repo_id)
    return None if locked is None else locked.version


# A manifest names a store's content: the version and the digests of the store doc and of every block doc.
# So a process keeps recent versions by manifest and need not read them again; the lease, the one thing
# that changes in place, is read beside the manifest and laid over. Entries are added for committed data only.
_RECENT: OrderedDict[tuple[str, tuple[str, ...]], Store] = OrderedDict()
_RECENT_MAX = 64
_RECENT_LOCK = threading.Lock()


def remember(repo_id: str, manifest: list[str] | None, store: Store) -> None:
    """Keep a committed version of a store (named by its ``manifest``) for later loads in this process."""
    if manifest is None:
        return
    key = (repo_id, tuple(manifest))
    with _RECENT_LOCK:
        _RECENT[key] = store
        _RECENT.move_to_end(key)
        while len(_RECENT) > _RECENT_MAX:
            _RECENT.popitem(last=False)


def recall(repo_id: str, head: Head) -> Store | None:
    """The store at ``head`` when this process knows that version (no I/O), else None."""
    with _RECENT_LOCK:
        known = _RECENT.get((repo_id, head.manifest))
    if known is None:
        return None
    return known.model_copy(update={"curating_by": head.curating_by, "curating_until": head.curating_until})


def load_locked(tx: ManagedTransaction, repo_id: str, locked: Locked) -> Store:
    """The store at the version just locked: from the recent versions when possible, else read."""
    known = recall(repo_id, locked.head)
    if known is not None:
        return known
    store = load(tx, repo_id)
    assert store is not None, "the store was locked, so it exists"
    remember(repo_id, locked.manifest, store)
    return store


def load_current(db: Database, repo_id: str, head: Head | None = None) -> tuple[Store, Head] | None:
    """The store as of one committed version, without the lock, in single-statement reads: the head first
    (small; skipped when the caller peeked it already), then the whole store only when this process does
    not know that version yet. Returns the store with the head it answers for, which is newer than a given
    ``head`` when the store moved on since. :class:`TornRead` as :func:`load`."""
    if head is None:
        peeked = db.rows("store_peek", repo_id=repo_id)
        if not peeked:
            return None
        head = head_of(peeked[0])
    known = recall(repo_id, head)
    if known is not None:
        return known, head
    rows = db.rows("store_read", repo_id=repo_id)
    if not rows:
        return None
    store, manifest = _assemble(repo_id, rows[0])
    remember(repo_id, manifest, store)
    return store, Head(tuple(manifest), store.curating_by, store.curating_until)


def load(tx: ManagedTransaction, repo_id: str) -> Store | None:
    """The store as of one committed version; :class:`TornRead` when the read raced a commit."""
    record = tx.run(query("store_read"), repo_id=repo_id).single(strict=False)
    return None if record is None else _assemble(repo_id, record)[0]


def _assemble(repo_id: str, record: Mapping[str, Any]) -> tuple[Store, list[str]]:
    """The store a ``store_read`` row holds and the manifest it was assembled from."""
    manifest = list(record["manifest"])
    version_text, _, doc_digest = manifest[0].partition(":")
    if _digest(record["doc"]) != doc_digest:
        raise TornRead(repo_id)
    by_digest = {_block_digest(doc): doc for doc in record["blocks"]}
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
    return Store.model_validate({**shell.__dict__, "blocks": [_parse_block(doc) for doc in docs]}), manifest


def create(tx: ManagedTransaction, store: Store, entry: HistoryEntry) -> list[str]:
    """Create a store that does not exist yet (a racing creator fails on the key constraint); its manifest."""
    tx.run(query("store_create"), repo_id=store.repo.repo_id).consume()
    docs = [(b.block_id, _block_doc(b)) for b in store.blocks]
    return _commit(tx, store, [_block_digest(doc) for _, doc in docs], docs, entry)


def persist(tx: ManagedTransaction, locked: Locked, before: Store, after: Store, entry: HistoryEntry) -> list[str]:
    """Write ``after`` over ``before`` (the version ``locked`` in ``tx``) in one statement: the store, the
    blocks that differ, the removal of blocks that are gone, and the history entry. Returns the manifest
    written (for :func:`remember`, once the transaction committed)."""
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
            digests.append(_block_digest(doc))
    return _commit(tx, after, digests, changed, entry)


def _commit(tx: ManagedTransaction, store: Store, digests: list[str], docs: list[tuple[str, str]],
            entry: HistoryEntry) -> list[str]:
    """One statement: the store's fields and manifest, the blocks not in ``store`` removed, ``docs`` (changed
    or new blocks) written, and the history line. Returns the manifest."""
    params = _store_params(store, digests)
    tx.run(query("store_commit"), **params, keep=[b.block_id for b in store.blocks],
           blocks=[{"block_id": block_id, "doc": doc} for block_id, doc in docs],
           batch_id=entry.batch_id, kind=entry.kind, seat=entry.seat, agent_id=entry.agent_id, ops=entry.ops,
           summary=entry.summary).consume()
    return params["manifest"]


def set_lease(tx: ManagedTransaction, repo_id: str, holder: str | None, until: str | None) -> None:
    """Record the advisory lease (both None: released); the store must be locked in ``tx``."""
    tx.run(query("store_lease_set"), repo_id=repo_id, curating_by=holder, curating_until=until).consume()
