"""Resolvers for the runner registry and for naming with the pinned runner (thin)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import strawberry
from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.resolvers.actor import actor
from api.schema import store as types
from api.schema.edit_types import EditRejected
from api.schema.results import Refused, VersionConflict
from api.schema.runner_types import (
    AddRunnerInput,
    NameWithRunnerInput,
    PinRunnerInput,
    RemoveRunnerInput,
    RunnerAdded,
    RunnerNamed,
    RunnerPinned,
    RunnerRemoved,
    outcomes,
    runner,
)
from graphdb import runners as registry
from rooms.contract import ErrorCode
from rooms.naming import RunnerRole, RunnerSpecError, runner_spec
from rooms.store_rules import VersionConflict as Conflict
from services import naming
from services.edit import BatchRejected


async def list_runners(context: Context, role: RunnerRole | None, repo_id: str | None) -> list[Any]:
    found = await run_in_threadpool(registry.list_runners, context.db, role, repo_id)
    return [runner(r) for r in found]


async def add_runner(context: Context, data: AddRunnerInput) -> Any:
    try:
        spec = runner_spec(
            runner_id=str(data.runner_id),
            role=data.role,
            transport=data.transport,
            command=tuple(data.command or ()),
            url=data.url,
            model=data.model,
            api_key_env=data.api_key_env,
            timeout_ms=data.timeout_ms,
            concurrency=data.concurrency,
            repo_id=None if data.repo_id is None else str(data.repo_id),
        )
    except RunnerSpecError as exc:
        return Refused(code=exc.code, message=str(exc))
    try:
        added = await run_in_threadpool(
            registry.add_runner, context.db, spec, actor(context).agent_id, datetime.now(UTC)
        )
    except registry.RunnerExists as exc:
        return Refused(code=exc.code, message=str(exc))
    if data.pin:
        pinned = await run_in_threadpool(registry.pin_runner, context.db, spec.runner_id, True)
        added = pinned or added
    return RunnerAdded(runner=runner(added))


def _unknown(runner_id: str) -> Refused:
    return Refused(code=ErrorCode.UNKNOWN_RUNNER, message=f"no runner {runner_id!r}")


async def pin_runner(context: Context, data: PinRunnerInput) -> Any:
    pinned = await run_in_threadpool(registry.pin_runner, context.db, str(data.runner_id), data.pinned)
    return _unknown(str(data.runner_id)) if pinned is None else RunnerPinned(runner=runner(pinned))


async def remove_runner(context: Context, data: RemoveRunnerInput) -> Any:
    removed = await run_in_threadpool(registry.remove_runner, context.db, str(data.runner_id))
    return RunnerRemoved(runner_id=data.runner_id) if removed else _unknown(str(data.runner_id))


async def name_with_runner(context: Context, data: NameWithRunnerInput) -> Any:
    block_ids = None if data.block_ids is None else [str(b) for b in data.block_ids]
    outcome = await run_in_threadpool(
        naming.name_with_runner,
        context.db,
        str(data.repo_id),
        data.expected_store_version,
        block_ids,
        actor(context),
        datetime.now(UTC),
    )
    if isinstance(outcome, naming.RunnerNamingApplied):
        named, fallbacks = outcomes(outcome.outcomes)
        return RunnerNamed(
            store_version=outcome.store_version,
            store=types.store(outcome.store),
            runner_id=strawberry.ID(outcome.runner_id),
            named=named,
            fallbacks=fallbacks,
            lease_warning=outcome.lease_warning,
        )
    if isinstance(outcome, BatchRejected):
        return EditRejected(op_index=outcome.op_index, code=outcome.code, message=outcome.message)
    if isinstance(outcome, Conflict):
        return VersionConflict(expected=outcome.expected, actual=outcome.actual)
    return Refused(code=outcome.code, message=outcome.message)
