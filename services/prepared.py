"""Work on the store prepared before its write lock, so the lock is held only to compare and write.

A writer reads a snapshot of the committed store, computes its outcome there (validation included), and then
takes the lock: when the locked manifest is the snapshot's, the outcome stands and is written; when it is not
(a commit raced the read), the lock is let go and the outcome prepared again on a new snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from neo4j import ManagedTransaction

from graphdb import store as persisted
from graphdb.database import Database
from rooms.contract import ErrorCode, Store
from rooms.store_rules import VersionConflict

Outcome = TypeVar("Outcome")
Answer = TypeVar("Answer")

ATTEMPTS = 5


@dataclass(frozen=True)
class StoreRefused:
    code: ErrorCode
    message: str


@dataclass(frozen=True)
class Prepared(Generic[Outcome]):
    manifest: tuple[str, ...]
    before: Store
    outcome: Outcome


def prepare(db: Database, repo_id: str, expected: int, compute: Callable[[Store], Outcome]) -> Prepared[Outcome] | None:
    """``compute`` applied to the store as committed now, when that is the version the caller expects."""
    try:
        snapshot = persisted.load_snapshot(db, repo_id)
    except persisted.TornRead:
        return None  # it raced a commit: the locked transaction sees the new version
    if snapshot is None or snapshot[0].store_version != expected:
        return None  # no store, or a conflict: the locked transaction answers either
    store, manifest = snapshot
    return Prepared(manifest, store, compute(store))


def write_prepared(
    db: Database,
    repo_id: str,
    expected: int,
    compute: Callable[[Store], Outcome],
    commit: Callable[[ManagedTransaction, persisted.Locked, Prepared[Outcome]], Answer],
    *,
    batch_id: str | None = None,
    replay: Callable[[ManagedTransaction, persisted.Locked], Answer] | None = None,
) -> Answer | VersionConflict | StoreRefused:
    """Lock the store and ``commit`` what ``compute`` made of the snapshot, prepared again while the snapshot is
    not what was locked. A batch id recorded before is answered by ``replay``, whatever the version."""

    def locked_work(
        prepared: Prepared[Outcome] | None,
    ) -> Callable[[ManagedTransaction], Answer | VersionConflict | StoreRefused | None]:
        def work(tx: ManagedTransaction) -> Answer | VersionConflict | StoreRefused | None:
            lock = persisted.lock(tx, repo_id, batch_id)
            if lock is None:
                return StoreRefused(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store; scan it first")
            if replay is not None and lock.recorded is not None:
                return replay(tx, lock)
            if lock.version != expected:
                return VersionConflict(expected, lock.version)
            if prepared is None or prepared.manifest != tuple(lock.manifest):
                return None  # a commit raced the snapshot: let the lock go and prepare again
            return commit(tx, lock, prepared)

        return work

    for _ in range(ATTEMPTS):
        answer = db.write(locked_work(prepare(db, repo_id, expected, compute)))
        if answer is not None:
            return answer
    # Every commit moves the version (a conflict) and the lease is not in the manifest, so a snapshot that keeps
    # differing from an unchanged version is a broken invariant, not contention.
    raise RuntimeError(f"store {repo_id!r} changed {ATTEMPTS} times without a new version")
