"""Resolver of `Block.files` (thin: the service reads and measures, this maps). The repository's files are read
and the map resolved once per request, however many blocks ask (`Context.file_reads`)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.schema.block_files import BlockFile, BlockFileConnection
from api.schema.scan_types import page_info, window
from rooms.contract import SystemBlock
from services.block_files import MapFiles, block_files, map_files


async def _map_files(context: Context, repo_id: str, blocks: Sequence[SystemBlock]) -> MapFiles:
    key = (repo_id, id(blocks))  # one map (the store's blocks, or its revision's) per key within a request
    pending = context.file_reads.get(key)
    if pending is None:
        pending = asyncio.ensure_future(run_in_threadpool(map_files, context.db, repo_id, blocks))
        context.file_reads[key] = pending
    return await pending


async def files(
    context: Context, repo_id: str, blocks: Sequence[SystemBlock], block_id: str, first: int, after: str | None
) -> BlockFileConnection:
    start, count = window(first, after)
    resolved = await _map_files(context, repo_id, blocks)
    total = len(resolved.by_block.get(block_id, []))
    chosen = await run_in_threadpool(block_files, context.db, repo_id, resolved, block_id, start, count)
    return BlockFileConnection(
        total_count=total,
        nodes=[
            BlockFile(
                path=f.path,
                role=f.role,
                entry=f.entry,
                language=f.language,
                bytes=f.bytes,
                edges_in=f.edges_in,
                edges_out=f.edges_out,
                community=f.community,
            )
            for f in chosen
        ],
        page_info=page_info(start, len(chosen), total),
    )
