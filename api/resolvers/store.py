"""Resolvers for reading stores and importing/exporting seeds (thin: call graphdb, map to schema)."""

from __future__ import annotations

import asyncio

from starlette.concurrency import run_in_threadpool

from api.context import Context
from graphdb import history as histories
from graphdb import store_writes
from rooms.contract import Store


async def read_store(context: Context, repo_id: str) -> Store | None:
    """The store, read once per request however many fields ask for it."""
    pending = context.store_reads.get(repo_id)
    if pending is None:
        pending = asyncio.ensure_future(_read(context, repo_id))
        context.store_reads[repo_id] = pending
    return await pending


async def _read(context: Context, repo_id: str) -> Store | None:
    return await run_in_threadpool(store_writes.read_store, context.db, repo_id)


async def list_repos(context: Context) -> list[dict[str, object]]:
    return await run_in_threadpool(context.db.rows, "store_list_repos")


async def export_seed(context: Context, repo_id: str) -> str | None:
    """The canonical seed text of the live skeleton, from the same read as the request's other store fields."""
    store = await read_store(context, repo_id)
    if store is None:
        return None
    return await run_in_threadpool(store_writes.seed_text, store)  # large stores: off the loop


async def history(context: Context, repo_id: str, last: int, before: int | None = None) -> list[dict[str, object]]:
    """The history as of the version the request's store fields answer for: one document never pairs a
    store with a history line behind or ahead of it. ``before``: only the lines below that version."""
    store = await read_store(context, repo_id)
    if store is None:
        return []
    return await run_in_threadpool(histories.history, context.db, repo_id, last, store.store_version, before)
