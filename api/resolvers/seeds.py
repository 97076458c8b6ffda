"""Resolver for importing a seed: parse (refusing bad input with its code), then one OCC write."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

from api.context import Context
from graphdb import store_writes
from rooms.contract import ContractError, Store, parse_seed
from rooms.store_rules import VersionConflict


async def import_seed(context: Context, text: str, expected: int | None) -> Store | VersionConflict | ContractError:
    try:
        seed = parse_seed(text)
    except ContractError as exc:
        return exc
    return await run_in_threadpool(store_writes.import_seed, context.db, expected, seed)
