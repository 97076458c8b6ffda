"""Candidate edits, reconcile and the lease: each one Neo4j write transaction on the Store.

Edits follow the recipe of shared/DESIGN.md: lock the Store, replay a known ``batch_id`` as its
recorded result, compare ``store_version``, apply the batch to a clone in the pure engine, persist
the difference, bump the version once and record the batch in the history.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from neo4j import ManagedTransaction

from graphdb import codegraph
from graphdb import store as persisted
from graphdb.database import Database
from graphdb.history import Actor, entry
from rooms.contract import ErrorCode, Seat, SkeletonState, Store
from rooms.edit import Applied, EditOp, Rejected, apply_batch
from rooms.lease import LeaseAction, LeaseBusy, LeaseGranted, decide_lease, lease_warning, parse_lease
from rooms.reconcile import reconcile
from rooms.store_rules import VersionConflict


@dataclass(frozen=True)
class EditApplied:
    store_version: int  # the version this batch produced (for a replay: the recorded one)
    store: Store  # the store now
    lease_warning: str | None
    replayed: bool = False


@dataclass(frozen=True)
class StoreRefused:
    code: ErrorCode
    message: str


@dataclass(frozen=True)
class BatchRejected:
    op_index: int
    code: ErrorCode
    message: str


def _ops_json(ops: list[EditOp]) -> str:
    return json.dumps([op.model_dump(mode="json", by_alias=True) for op in ops], ensure_ascii=False, sort_keys=True)


def _lease_of(store: Store):
    return parse_lease(store.curating_by, store.curating_until)


def apply_edit(
    db: Database,
    repo_id: str,
    expected: int,
    ops: list[EditOp],
    actor: Actor,
    batch_id: str | None,
    now: datetime,
    *,
    summary: str = "",
) -> EditApplied | BatchRejected | VersionConflict | StoreRefused:
    """One ``candidate_edit`` batch; ``summary`` is recorded with it in the history (e.g. who asked for a
    runner's renames).

    The batch is applied to a snapshot read before the transaction, so the store's write lock is held only
    to compare versions and write: when the locked store is the snapshot (the same manifest), the outcome
    computed on it stands; otherwise it is computed again under the lock. A batch that changes nothing
    writes nothing and leaves the version where it was.
    """
    ops_text = _ops_json(ops)
    prepared = _prepare(db, repo_id, expected, ops, actor)

    def work(tx: ManagedTransaction) -> EditApplied | BatchRejected | VersionConflict | StoreRefused:
        lock = persisted.lock(tx, repo_id, batch_id)
        if lock is None:
            return StoreRefused(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store; scan it first")
        locked = lock.version
        if lock.recorded is not None:
            if lock.recorded.ops != ops_text:
                return StoreRefused(ErrorCode.BATCH_ID_REUSED, f"batch {batch_id!r} was applied with other ops")
            current = persisted.load_locked(tx, repo_id)
            return EditApplied(
                lock.recorded.store_version,
                current,
                lease_warning(_lease_of(current), actor.agent_id, now),
                replayed=True,
            )
        if locked != expected:
            return VersionConflict(expected, locked)
        if prepared is not None and prepared.manifest == tuple(lock.manifest):
            before, outcome = prepared.before, prepared.outcome
        else:
            before = persisted.load_locked(tx, repo_id)
            outcome = apply_batch(before, ops, actor.seat)
        if isinstance(outcome, Rejected):
            return BatchRejected(outcome.op_index, outcome.code, outcome.message)
        # The lease is not part of the manifest: the locked one is current, whatever the snapshot held.
        lease_now = {"curating_by": lock.curating_by, "curating_until": lock.curating_until}
        before = before.model_copy(update=lease_now)
        warning = lease_warning(_lease_of(before), actor.agent_id, now)
        changed = outcome.store.model_copy(update=lease_now)
        if changed == before:
            return EditApplied(locked, before, warning)
        after = changed.model_copy(update={"store_version": locked + 1})
        persisted.persist(tx, lock, before, after, entry("edit", actor, ops_text, batch_id=batch_id, summary=summary))
        return EditApplied(locked + 1, after, warning)

    return db.write(work)


@dataclass(frozen=True)
class _Prepared:
    manifest: tuple[str, ...]
    before: Store
    outcome: Applied | Rejected


def _prepare(db: Database, repo_id: str, expected: int, ops: list[EditOp], actor: Actor) -> _Prepared | None:
    """The batch applied to the store as committed now, when that is the version the caller expects."""
    try:
        snapshot = persisted.load_snapshot(db, repo_id)
    except persisted.TornRead:
        return None  # it raced a commit: the locked transaction reads it again
    if snapshot is None or snapshot[0].store_version != expected:
        return None  # no store, or a conflict: the locked transaction answers either
    store, manifest = snapshot
    return _Prepared(manifest, store, apply_batch(store, ops, actor.seat))


def lease(
    db: Database, repo_id: str, action: LeaseAction, ttl_s: int, actor: Actor, now: datetime
) -> LeaseGranted | LeaseBusy | StoreRefused:
    def work(tx: ManagedTransaction) -> LeaseGranted | LeaseBusy | StoreRefused:
        lock = persisted.lock(tx, repo_id)
        if lock is None:
            return StoreRefused(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store; scan it first")
        decision = decide_lease(
            parse_lease(lock.curating_by, lock.curating_until),
            actor.agent_id,
            action,
            ttl_s,
            now,
            is_owner=actor.seat is Seat.OWNER,
        )
        if isinstance(decision, LeaseGranted):
            granted = decision.lease
            persisted.set_lease(
                tx, repo_id, granted.holder if granted else None, granted.until_text if granted else None
            )
        return decision

    return db.write(work)


def reconcile_store(db: Database, repo_id: str, actor: Actor) -> Store | StoreRefused:
    """Resolve a ratified store against the files of the repository's latest ingest: one version bump when
    that changes anything, none when it does not."""
    files = codegraph.file_paths(db, repo_id)

    def work(tx: ManagedTransaction) -> Store | StoreRefused:
        lock = persisted.lock(tx, repo_id)
        if lock is None:
            return StoreRefused(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store; scan it first")
        before = persisted.load_locked(tx, repo_id)
        if before.skeleton.state is not SkeletonState.RATIFIED:
            return StoreRefused(
                ErrorCode.SKELETON_NOT_RATIFIED, "reconcile applies to a ratified skeleton; ratify first"
            )
        reconciled = reconcile(before, files)
        if reconciled == before:
            return before  # nothing to resolve: no write, no new version
        after = reconciled.model_copy(update={"store_version": lock.version + 1})
        persisted.persist(tx, lock, before, after, entry("reconcile", actor, json.dumps({"files": len(files)})))
        return after

    return db.write(work)
