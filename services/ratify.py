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
from rooms.contract import Store
from rooms.edit import RatifyApplied, RatifyRefusal, RatifyRejected, ratify
from rooms.lease import format_time
from rooms.store_rules import VersionConflict
from services.prepared import Prepared, StoreRefused, write_prepared


@dataclass(frozen=True)
class RatifyRejectedBlocks:
    refusals: list[RatifyRefusal]


def ratify_blocks(
    db: Database, repo_id: str, expected: int, block_ids: list[str] | None, actor: Actor, now: datetime
) -> Store | RatifyRejectedBlocks | VersionConflict | StoreRefused:
    """The owner's gesture (the caller checked the seat): ratify all or the selected blocks."""

    def compute(before: Store) -> RatifyApplied | RatifyRejected:
        return ratify(before, block_ids, ratifier=actor.agent_id, ratified_at=format_time(now))

    def commit(
        tx: ManagedTransaction, lock: persisted.Locked, prepared: Prepared[RatifyApplied | RatifyRejected]
    ) -> Store | RatifyRejectedBlocks:
        outcome = prepared.outcome
        if not isinstance(outcome, RatifyApplied):
            return RatifyRejectedBlocks(list(outcome.refusals))
        # The lease is not in the manifest: keep the locked one.
        lease_now = {"curating_by": lock.curating_by, "curating_until": lock.curating_until}
        before = prepared.before.model_copy(update=lease_now)
        after = outcome.store.model_copy(update={"store_version": lock.version + 1, **lease_now})
        persisted.persist(tx, lock, before, after, entry("ratify", actor, json.dumps({"block_ids": block_ids})))
        return after

    return write_prepared(db, repo_id, expected, compute, commit)
