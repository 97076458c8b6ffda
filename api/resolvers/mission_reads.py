"""Reads of one mission's letters and packet (the lazy fields of the `Mission` type)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

from api.context import Context
from graphdb import missions
from rooms.missions import Letter


async def letters(context: Context, mission_id: str) -> list[Letter]:
    return await run_in_threadpool(missions.letters, context.db, mission_id)


async def packet(context: Context, mission_id: str) -> str | None:
    return await run_in_threadpool(missions.mission_packet, context.db, mission_id)
