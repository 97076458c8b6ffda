"""The block store in Neo4j: one ``Store`` node per repository and one ``Block`` node per block.

``Store.doc`` holds the store's own fields as canonical JSON (everything but the blocks, the version
and the lease); ``store_version`` and the advisory lease (``curating_by``/``curating_until``) are plain
properties so they can be compared and set in Cypher. Each ``Block.doc`` holds one block's canonical
JSON and ``Block.position`` its place in the list, so a load rebuilds the exact store and an export
is byte-identical to what was written. Writers persist only the blocks that changed.

These functions take a managed transaction and are pure functions of their arguments, as the driver
may retry them on transient errors.
"""

from __future__ import annotations

import json
from typing import Any

from neo4j import ManagedTransaction

from graphdb.queries import query
from rooms.contract import Store, SystemBlock

_OUTSIDE_DOC = ("blocks", "store_version", "curating_by", "curating_until")


def _store_doc(store: Store) -> str:
    data = store.model_dump(mode="json")
    return json.dumps({k: v for k, v in data.items() if k not in _OUTSIDE_DOC}, ensure_ascii=False)


def _block_doc(block: SystemBlock) -> str:
    return json.dumps(block.model_dump(mode="json"), ensure_ascii=False)


def _store_params(store: Store) -> dict[str, Any]:
    return {"repo_id": store.repo.repo_id, "store_version": store.store_version, "doc": _store_doc(store),
            "curating_by": store.curating_by, "curating_until": store.curating_until}


def lock_version(tx: ManagedTransaction, repo_id: str) -> int | None:
    """Lock the store and return its version; None when there is no store (version 0)."""
    record = tx.run(query("store_lock"), repo_id=repo_id).single()
    return None if record is None else int(record["store_version"])


def load(tx: ManagedTransaction, repo_id: str) -> Store | None:
    record = tx.run(query("store_read"), repo_id=repo_id).single()
    if record is None:
        return None
    data = json.loads(record["doc"])
    data["store_version"] = record["store_version"]
    for key in ("curating_by", "curating_until"):
        if record[key] is not None:
            data[key] = record[key]
    data["blocks"] = [json.loads(doc) for doc in record["blocks"]]
    return Store.model_validate(data)


def create(tx: ManagedTransaction, store: Store) -> None:
    """Create a store that does not exist yet (a racing creator fails on the key constraint)."""
    tx.run(query("store_create"), **_store_params(store)).consume()
    _upsert_blocks(tx, store.repo.repo_id, list(enumerate(store.blocks)))


def persist(tx: ManagedTransaction, before: Store, after: Store) -> None:
    """Write ``after`` over ``before``: the store fields and only the blocks that differ."""
    repo_id = after.repo.repo_id
    tx.run(query("store_update"), **_store_params(after)).consume()
    old = {b.block_id: (i, _block_doc(b)) for i, b in enumerate(before.blocks)}
    changed = [(i, b) for i, b in enumerate(after.blocks) if old.get(b.block_id) != (i, _block_doc(b))]
    keep = [b.block_id for b in after.blocks]
    if len(keep) != len(before.blocks) or set(keep) != set(old):
        tx.run(query("store_blocks_delete_except"), repo_id=repo_id, keep=keep).consume()
    _upsert_blocks(tx, repo_id, changed)


def _upsert_blocks(tx: ManagedTransaction, repo_id: str, blocks: list[tuple[int, SystemBlock]]) -> None:
    if not blocks:
        return
    rows = [{"block_id": b.block_id, "position": i, "doc": _block_doc(b)} for i, b in blocks]
    tx.run(query("store_blocks_upsert"), repo_id=repo_id, blocks=rows).consume()

