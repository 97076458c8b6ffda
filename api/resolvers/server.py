"""Resolvers for server identity."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.version import coderooms_version


async def server_info(context: Context) -> tuple[str, str, str]:
    neo4j_version, gds_version = await run_in_threadpool(context.db.versions)
    return coderooms_version(), neo4j_version, gds_version
