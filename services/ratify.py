"""Ratification: the owner's gesture that turns candidate blocks into the ratified skeleton (one write
transaction on the Store, under the same optimistic-concurrency recipe as an edit)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from neo4j import ManagedTransaction

from graphdb import store as persisted
from graphdb.database import Database
from graphdb.history import Actor, entry
from rooms.contract import ErrorCode, Store
from rooms.edit import RatifyApplied, RatifyRefusal, ratify
from rooms.lease import format_time
from rooms.store_rules import VersionConflict
from services.edit import StoreRefused


@dataclass(frozen=True)
class RatifyRejectedBlocks:
    refusals: list[RatifyRefusal]


def ratify_blocks(
    db: Database, repo_id: str, expected: int, block_ids: list[str] | None, actor: Actor, now: datetime
) -> Store | RatifyRejectedBlocks | VersionConflict | StoreRefused:
    """The owner's gesture (the caller checked the seat): ratify all or the selected blocks."""

    def work(tx: ManagedTransaction) -> Store | RatifyRejectedBlocks | VersionConflict | StoreRefused:
        lock = persisted.lock(tx, repo_id)
        if lock is None:
            return StoreRefused(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store; scan it first")
        locked = lock.version
        if locked != expected:
            return VersionConflict(expected, locked)
        before = persisted.load_locked(tx, repo_id)
        outcome = ratify(before, block_ids, ratifier=actor.agent_id, ratified_at=format_time(now))
        if not isinstance(outcome, RatifyApplied):
            return RatifyRejectedBlocks(list(outcome.refusals))
        after = outcome.store.model_copy(update={"store_version": locked + 1})
        persisted.persist(tx, lock, before, after, entry("ratify", actor, json.dumps({"block_ids": block_ids})))
        return after

    return db.write(work)
