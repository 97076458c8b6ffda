"""Resolver of `Block.files` (thin: the service pages and measures, this maps)."""

from __future__ import annotations

from collections.abc import Sequence

from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.schema.block_files import BlockFile, BlockFileConnection
from api.schema.scan_types import page_info, window
from rooms.contract import SystemBlock
from services.block_files import block_files


async def files(
    context: Context, repo_id: str, blocks: Sequence[SystemBlock], block_id: str, first: int, after: str | None
) -> BlockFileConnection:
    start, count = window(first, after)
    total, chosen = await run_in_threadpool(block_files, context.db, repo_id, blocks, block_id, start, count)
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
