"""Resolvers for editing, leasing and ratifying: parse input → graphdb transaction → schema types."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import strawberry
from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.resolvers.actor import actor
from api.schema import store as types
from api.schema.edit_types import (
    BlockReconcileChange,
    BlockReconciled,
    CandidateEditInput,
    CandidateLeaseInput,
    EditApplied,
    EditRejected,
    Ratified,
    RatifyBlocksInput,
    RatifyRefusal,
    RatifyRejected,
    Reconciled,
    ReconcileInput,
)
from api.schema.edit_types import LeaseBusy as LeaseBusyType
from api.schema.edit_types import LeaseGranted as LeaseGrantedType
from api.schema.results import Refused, VersionConflict
from rooms.contract import ErrorCode
from rooms.edit import OpParseError, parse_ops
from rooms.lease import LeaseAction, LeaseBusy, LeaseGranted
from rooms.store_rules import VersionConflict as Conflict
from services import edit as edits
from services import ratify

_WIRE_NAMES = {"move_member": {"from_": "from"}}


def _wire_op(op: Any) -> dict[str, Any]:
    """A oneOf input object → the engine's wire op ``{"op": kind, ...fields}``."""
    for kind in ("rename", "merge", "split", "move_member", "resolve_seam", "assign_unmapped"):
        value = getattr(op, kind)
        if value is not strawberry.UNSET and value is not None:
            fields = {_WIRE_NAMES.get(kind, {}).get(k, k): v for k, v in vars(value).items()}
            return {"op": kind, **{k: v for k, v in fields.items() if v is not None}}
    raise ValueError("empty operation")  # @oneOf validation makes this unreachable


def _now() -> datetime:
    return datetime.now(UTC)


async def candidate_edit(context: Context, data: CandidateEditInput) -> Any:
    try:
        ops = parse_ops([_wire_op(op) for op in data.ops])
    except OpParseError as exc:
        return EditRejected(op_index=exc.op_index, code=exc.code, message=exc.message)
    outcome = await run_in_threadpool(
        edits.apply_edit,
        context.db,
        str(data.repo_id),
        data.expected_store_version,
        ops,
        actor(context),
        data.batch_id,
        _now(),
    )
    if isinstance(outcome, edits.EditApplied):
        return EditApplied(
            store_version=outcome.store_version,
            store=types.store(outcome.store),
            lease_warning=outcome.lease_warning,
            replayed=outcome.replayed,
        )
    if isinstance(outcome, edits.BatchRejected):
        return EditRejected(op_index=outcome.op_index, code=outcome.code, message=outcome.message)
    return _common(outcome)


async def candidate_lease(context: Context, data: CandidateLeaseInput) -> Any:
    try:
        outcome = await run_in_threadpool(
            edits.lease,
            context.db,
            str(data.repo_id),
            LeaseAction(data.action.value),
            data.ttl_secs,
            actor(context),
            _now(),
        )
    except ValueError as exc:
        return Refused(code=ErrorCode.INVALID_TTL, message=str(exc))
    now = _now()
    if isinstance(outcome, LeaseGranted):
        held = outcome.lease
        return LeaseGrantedType(
            lease=None
            if held is None
            else types.Lease(curating_by=held.holder, curating_until=held.until_text, live=held.live(now))
        )
    if isinstance(outcome, LeaseBusy):
        held = outcome.lease
        return LeaseBusyType(
            current=types.Lease(curating_by=held.holder, curating_until=held.until_text, live=held.live(now))
        )
    return _common(outcome)


async def ratify_blocks(context: Context, data: RatifyBlocksInput) -> Any:
    block_ids = None if data.block_ids is None else [str(b) for b in data.block_ids]
    outcome = await run_in_threadpool(
        ratify.ratify_blocks,
        context.db,
        str(data.repo_id),
        data.expected_store_version,
        block_ids,
        actor(context),
        _now(),
    )
    if isinstance(outcome, ratify.RatifyRejectedBlocks):
        return RatifyRejected(
            blocks=[
                RatifyRefusal(block_id=strawberry.ID(r.block_id), reason=r.reason, message=r.message)
                for r in outcome.refusals
            ]
        )
    if isinstance(outcome, (Conflict, edits.StoreRefused)):
        return _common(outcome)
    return Ratified(store=types.store(outcome))


async def reconcile(context: Context, data: ReconcileInput) -> Any:
    outcome = await run_in_threadpool(
        edits.reconcile_store, context.db, str(data.repo_id), actor(context), data.expected_store_version
    )
    if isinstance(outcome, (Conflict, edits.StoreRefused)):
        return _common(outcome)
    return Reconciled(
        store=types.store(outcome.store),
        changed=outcome.changed,
        blocks=[
            BlockReconciled(
                block_id=strawberry.ID(b.block_id),
                change=BlockReconcileChange(b.change.value),
                resolved=b.resolved,
                added=b.added,
                removed=b.removed,
                boundary_version=b.boundary_version,
            )
            for b in outcome.blocks
        ],
    )


def _common(outcome: Conflict | edits.StoreRefused) -> VersionConflict | Refused:
    if isinstance(outcome, Conflict):
        return VersionConflict(expected=outcome.expected, actual=outcome.actual)
    return Refused(code=outcome.code, message=outcome.message)
