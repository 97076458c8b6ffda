"""Resolver for importing a seed: parse (refusing bad input with its code), then one OCC write."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.resolvers.actor import actor
from rooms.contract import ContractError, Store
from rooms.store_rules import VersionConflict
from services import seeds


async def import_seed(context: Context, text: str, expected: int | None) -> Store | VersionConflict | ContractError:
    return await run_in_threadpool(seeds.import_seed_text, context.db, text, expected, actor(context))
