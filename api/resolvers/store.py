"""Resolvers for reading stores and importing/exporting seeds (thin: call graphdb, map to schema)."""

from __future__ import annotations

import asyncio

from starlette.concurrency import run_in_threadpool

from api.context import Context
from graphdb import edits, store_writes
from rooms.contract import Store


async def read_store(context: Context, repo_id: str) -> Store | None:
    """The store, read once per request however many fields ask for it."""
    pending = context.store_reads.get(repo_id)
    if pending is None:
        pending = asyncio.ensure_future(run_in_threadpool(store_writes.read_store, context.db, repo_id))
        context.store_reads[repo_id] = pending
    return await pending


async def list_repos(context: Context) -> list[dict[str, object]]:
    return await run_in_threadpool(context.db.rows, "store_list_repos")


async def export_seed(context: Context, repo_id: str) -> str | None:
    return await run_in_threadpool(store_writes.export_seed, context.db, repo_id)


async def history(context: Context, repo_id: str, last: int) -> list[dict[str, object]]:
    return await run_in_threadpool(edits.history, context.db, repo_id, last)
