"""Store writes under optimistic concurrency, each in one Neo4j write transaction.

The recipe (shared/DESIGN.md): take the Store node's write lock, read ``store_version`` once,
decide with a pure rule from ``rooms``, persist the difference, bump the version exactly once.
Two creators of a store that does not exist yet cannot lock a node: the Store key constraint
makes the second ``CREATE`` fail, and that failure is reported as the conflict it is.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import TypeVar

from neo4j import ManagedTransaction
from neo4j.exceptions import ConstraintError

from graphdb import store as persisted
from graphdb.database import Database
from graphdb.history import Actor, entry
from graphdb.queries import query
from rooms.contract import SeedFile, Store, seed_from_store, serialize_seed
from rooms.store_rules import CandidateWrite, VersionConflict, decide, decide_import

R = TypeVar("R")
OPTIMISTIC_READS = 8


def read_store(db: Database, repo_id: str) -> Store | None:
    """The store as of one committed version. Lock-free reads are retried when they race a commit (a torn
    read); after a few, the store is read under its lock, behind the writers, so a reader never starves."""
    for attempt in range(OPTIMISTIC_READS):
        try:
            return persisted.load_current(db, repo_id)
        except persisted.TornRead:
            time.sleep(random.uniform(0, 0.002 * 2**attempt))
    return db.write(_read_locked(repo_id))


def _read_locked(repo_id: str) -> Callable[[ManagedTransaction], Store | None]:
    def work(tx: ManagedTransaction) -> Store | None:
        return None if persisted.lock(tx, repo_id) is None else persisted.load_locked(tx, repo_id)

    return work


def store_version(db: Database, repo_id: str) -> int:
    store = read_store(db, repo_id)
    return store.store_version if store is not None else 0


def scan_report(db: Database, repo_id: str) -> str | None:
    rows = db.rows("store_read_report", repo_id=repo_id)
    return rows[0]["report"] if rows else None


def export_seed(db: Database, repo_id: str) -> str | None:
    """The canonical seed text of the store's live skeleton; None when there is no store."""
    store = read_store(db, repo_id)
    return None if store is None else seed_text(store)


def seed_text(store: Store) -> str:
    """The canonical seed text of a store's live skeleton."""
    return serialize_seed(seed_from_store(store))


def _occ_write(
    db: Database, repo_id: str, expected: int | None, work: Callable[[ManagedTransaction], R]
) -> R | VersionConflict:
    try:
        return db.write(work)
    except ConstraintError:
        return VersionConflict(expected, store_version(db, repo_id))


def write_candidate(
    db: Database,
    repo_id: str,
    expected: int | None,
    candidate: SeedFile,
    *,
    actor: Actor,
    report_json: str | None = None,
    also: Callable[[ManagedTransaction], None] | None = None,
) -> CandidateWrite | VersionConflict:
    """F0c §1: create, replace or write the revision — or report a conflict and write nothing.

    ``report_json`` (the scan report) is stored beside the store in the same transaction, and ``also`` (the
    scan's code graph made live) runs in it when the write wins; what it raises fails the whole write.
    """
    if candidate.repo.repo_id != repo_id:
        raise ValueError(f"candidate is for {candidate.repo.repo_id!r}, not {repo_id!r}")

    def work(tx: ManagedTransaction) -> CandidateWrite | VersionConflict:
        locked = persisted.lock(tx, repo_id)
        existing = persisted.load(tx, repo_id) if locked is not None else None
        decision = decide(existing, expected, candidate)
        if isinstance(decision, CandidateWrite):
            line = entry("scan", actor, json.dumps({"outcome": decision.outcome.value}))
            if locked is None:
                persisted.create(tx, decision.store, line)
            else:
                assert existing is not None  # a locked store exists
                persisted.persist(tx, locked, existing, decision.store, line)
            if report_json is not None:
                tx.run(query("store_set_report"), repo_id=repo_id, report=report_json).consume()
            if also is not None:
                also(tx)
        return decision

    return _occ_write(db, repo_id, expected, work)


def import_seed(db: Database, expected: int | None, seed: SeedFile, *, actor: Actor) -> Store | VersionConflict:
    """Set the store of ``seed.repo.repo_id`` to exactly ``seed`` (the caller checked the seat)."""
    repo_id = seed.repo.repo_id

    def work(tx: ManagedTransaction) -> Store | VersionConflict:
        locked = persisted.lock(tx, repo_id)
        existing = persisted.load(tx, repo_id) if locked is not None else None
        decision = decide_import(existing, expected, seed)
        if isinstance(decision, Store):
            line = entry("import", actor, json.dumps({"blocks": len(decision.blocks)}))
            if locked is None:
                persisted.create(tx, decision, line)
            else:
                assert existing is not None  # a locked store exists
                persisted.persist(tx, locked, existing, decision, line)
        return decision

    return _occ_write(db, repo_id, expected, work)
