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

from graphdb import codegraph, store_writes
from graphdb import store as persisted
from graphdb.database import Database
from graphdb.graph_facts import edit_graph
from graphdb.history import Actor, entry
from rooms.contract import ContractError, ErrorCode, Seat, Store, parse_store, serialize_store
from rooms.edit import Applied, EditOp, Merge, Rejected, Split, apply_batch
from rooms.lease import LeaseAction, LeaseBusy, LeaseGranted, decide_lease, lease_warning, parse_lease
from rooms.reconcile import BlockReconcile, block_changes, reconcile
from rooms.store_rules import VersionConflict
from services.prepared import ATTEMPTS, Prepared, StoreRefused, write_prepared


@dataclass(frozen=True)
class EditApplied:
    store_version: int  # the version this batch produced (for a replay: the recorded one)
    store: Store  # the store now
    lease_warning: str | None
    replayed: bool = False


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
    to compare versions and write: when the locked store is not the snapshot (a commit raced the read), the
    lock is let go and the batch prepared again on a new snapshot. A batch that changes nothing writes
    nothing and leaves the version where it was.
    """
    ops_text = _ops_json(ops)
    # A merge or split is measured, and a split's sockets recomputed, on the code graph: read before the lock.
    graph = edit_graph(db, repo_id) if any(isinstance(op, (Merge, Split)) for op in ops) else None

    def replay(tx: ManagedTransaction, lock: persisted.Locked) -> EditApplied | BatchRejected | StoreRefused:
        assert lock.recorded is not None
        if lock.recorded.ops != ops_text:
            return StoreRefused(ErrorCode.BATCH_ID_REUSED, f"batch {batch_id!r} was applied with other ops")
        current = persisted.load_locked(tx, repo_id)
        warning = lease_warning(_lease_of(current), actor.agent_id, now)
        return EditApplied(lock.recorded.store_version, current, warning, replayed=True)

    def commit(
        tx: ManagedTransaction, lock: persisted.Locked, prepared: Prepared[Applied | Rejected]
    ) -> EditApplied | BatchRejected | StoreRefused:
        if isinstance(prepared.outcome, Rejected):
            return BatchRejected(prepared.outcome.op_index, prepared.outcome.code, prepared.outcome.message)
        # The lease is not part of the manifest: the locked one is current, whatever the snapshot held.
        lease_now = {"curating_by": lock.curating_by, "curating_until": lock.curating_until}
        before = prepared.before.model_copy(update=lease_now)
        warning = lease_warning(_lease_of(before), actor.agent_id, now)
        changed = prepared.outcome.store.model_copy(update=lease_now)
        if changed == before:
            return EditApplied(lock.version, before, warning)
        after = changed.model_copy(update={"store_version": lock.version + 1})
        line = entry("edit", actor, ops_text, batch_id=batch_id, summary=summary)
        persisted.persist(tx, lock, before, after, line)
        return EditApplied(lock.version + 1, after, warning)

    compute = lambda store: apply_batch(store, ops, actor.seat, graph)  # noqa: E731
    return write_prepared(db, repo_id, expected, compute, commit, batch_id=batch_id, replay=replay)


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


@dataclass(frozen=True)
class ReconcileDone:
    store: Store  # the store now (for a reconcile that changed nothing: as it was, same version)
    blocks: list[BlockReconcile]  # per block, what the reconcile did
    changed: bool  # false: nothing to resolve, nothing written, no new version


def reconcile_store(
    db: Database, repo_id: str, actor: Actor, expected: int | None = None
) -> ReconcileDone | VersionConflict | StoreRefused:
    """Resolve the store (ratified or candidate) against the files of the repository's latest ingest.

    Resolved and validated as a whole store on a snapshot, before the lock; under it, the version is
    compared (``expected``; without one, the version the snapshot had, prepared again if a write won the
    race) and the result written — one version bump when that changes anything, none when it does not."""
    files = codegraph.file_paths(db, repo_id)

    def compute(before: Store) -> ReconcileDone | StoreRefused | tuple[Store, list[BlockReconcile]]:
        reconciled = reconcile(before, files)
        blocks = block_changes(before, reconciled)
        if reconciled == before:
            return ReconcileDone(before, blocks, changed=False)  # nothing to resolve: no write, no new version
        try:
            parse_store(serialize_store(reconciled))  # checked whole before anything is written
        except ContractError as exc:
            return StoreRefused(exc.code, f"the reconciled store would not be valid: {exc.message}")
        return reconciled, blocks

    def commit(
        tx: ManagedTransaction,
        lock: persisted.Locked,
        prepared: Prepared[ReconcileDone | StoreRefused | tuple[Store, list[BlockReconcile]]],
    ) -> ReconcileDone | StoreRefused:
        if not isinstance(prepared.outcome, tuple):
            return prepared.outcome
        reconciled, blocks = prepared.outcome
        lease_now = {"curating_by": lock.curating_by, "curating_until": lock.curating_until}
        before = prepared.before.model_copy(update=lease_now)
        after = reconciled.model_copy(update={"store_version": lock.version + 1, **lease_now})
        persisted.persist(tx, lock, before, after, entry("reconcile", actor, json.dumps({"files": len(files)})))
        return ReconcileDone(after, blocks, changed=True)

    for _ in range(ATTEMPTS):
        version = expected if expected is not None else store_writes.store_version(db, repo_id)
        answer = write_prepared(db, repo_id, version, compute, commit)
        if expected is not None or not isinstance(answer, VersionConflict):
            break
    return answer
