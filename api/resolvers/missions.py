"""Resolvers for curation missions: parse input → graphdb transaction → schema types."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.resolvers.actor import actor
from api.schema import store as types
from api.schema.edit_types import LeaseBusy as LeaseBusyType
from api.schema.mission_types import (
    ClaimMissionInput,
    DeliverMissionInput,
    LetterPosted,
    MissionClaimed,
    MissionDelivered,
    MissionOpened,
    PostMissionLetterInput,
    SendToCurationInput,
    letter,
    mission,
)
from api.schema.results import Refused
from graphdb import missions as mission_reads
from rooms.contract import ErrorCode
from rooms.lease import Lease, LeaseBusy
from rooms.missions import Mission, MissionState
from services import missions
from services.prepared import StoreRefused


def _now() -> datetime:
    return datetime.now(UTC)


def _lease(held: Lease) -> types.Lease:
    return types.Lease(curating_by=held.holder, curating_until=held.until_text, live=held.live(_now()))


def _refused(outcome: StoreRefused) -> Refused:
    return Refused(code=outcome.code, message=outcome.message)


async def list_missions(context: Context, state: MissionState | None, repo_id: str | None) -> list[Mission]:
    return await run_in_threadpool(mission_reads.list_missions, context.db, state, repo_id)


async def get_mission(context: Context, mission_id: str) -> Mission | None:
    return await run_in_threadpool(mission_reads.get_mission, context.db, mission_id)


async def send_to_curation(context: Context, data: SendToCurationInput) -> Any:
    outcome = await run_in_threadpool(
        missions.open_mission, context.db, str(data.repo_id), data.note, actor(context), _now()
    )
    return _refused(outcome) if isinstance(outcome, StoreRefused) else MissionOpened(mission=mission(outcome))


async def claim_mission(context: Context, data: ClaimMissionInput) -> Any:
    try:
        outcome = await run_in_threadpool(
            missions.claim_mission, context.db, str(data.mission_id), data.ttl_secs, actor(context), _now()
        )
    except ValueError as exc:
        return Refused(code=ErrorCode.INVALID_TTL, message=str(exc))
    if isinstance(outcome, StoreRefused):
        return _refused(outcome)
    if isinstance(outcome, LeaseBusy):
        return LeaseBusyType(current=_lease(outcome.lease))
    claimed, held = outcome
    return MissionClaimed(mission=mission(claimed), lease=_lease(held))


async def post_letter(context: Context, data: PostMissionLetterInput) -> Any:
    outcome = await run_in_threadpool(
        missions.post_letter, context.db, str(data.mission_id), data.body, actor(context), _now()
    )
    return _refused(outcome) if isinstance(outcome, StoreRefused) else LetterPosted(letter=letter(outcome))


async def deliver_mission(context: Context, data: DeliverMissionInput) -> Any:
    outcome = await run_in_threadpool(
        missions.deliver_mission,
        context.db,
        str(data.mission_id),
        data.store_version,
        data.summary,
        actor(context),
        _now(),
    )
    return _refused(outcome) if isinstance(outcome, StoreRefused) else MissionDelivered(mission=mission(outcome))
