"""Resolver for importing a seed: parse (refusing bad input with its code), then one OCC write."""

from __future__ import annotations

from functools import partial

from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.resolvers.actor import actor
from graphdb import store_writes
from rooms.contract import ContractError, Store, parse_seed
from rooms.store_rules import VersionConflict


async def import_seed(context: Context, text: str, expected: int | None) -> Store | VersionConflict | ContractError:
    try:
        seed = parse_seed(text)
    except ContractError as exc:
        return exc
    return await run_in_threadpool(partial(store_writes.import_seed, context.db, expected, seed, actor=actor(context)))
