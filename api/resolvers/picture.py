"""Resolvers for the architecture picture: thin calls into ``services.picture``."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence

import strawberry
from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.schema.picture import BlocksPlaced, PlaceBlocksInput, SocketEdge, SocketEdges
from api.schema.results import Refused
from graphdb.picture import PlaceRefused
from rooms.contract import ErrorCode, SystemBlock
from services import picture

COORDINATE_MAX = 1e6


class MapView:
    """What the fields of one map's blocks share: its repository, its blocks and, computed once when a
    field first asks, the edge counts between them."""

    def __init__(self, repo_id: str | None, blocks: Sequence[SystemBlock]) -> None:
        self.repo_id = repo_id
        self.blocks = blocks
        self._counts: asyncio.Future[dict[tuple[str, str], int]] | None = None

    async def edge_count(self, context: Context, source: str, target: str) -> int | None:
        if self.repo_id is None:
            return None
        if self._counts is None:
            self._counts = asyncio.ensure_future(
                run_in_threadpool(picture.edge_table, context.db, self.repo_id, self.blocks)
            )
        return (await self._counts).get((source, target), 0)

    async def socket_edges(self, context: Context, source: str, target: str, first: int) -> SocketEdges | None:
        if self.repo_id is None:
            return None
        found = await run_in_threadpool(
            picture.socket_edges, context.db, self.repo_id, self.blocks, source, target, first
        )
        if found is None:
            return None
        total, rows = found
        return SocketEdges(
            total_count=total,
            edges=[
                SocketEdge(
                    source=r.source,
                    target=r.target,
                    kind=r.kind,
                    weight=r.weight,
                    callers=list(r.callers),
                    used=list(r.used),
                )
                for r in rows
            ],
        )


async def place_blocks(context: Context, input: PlaceBlocksInput) -> BlocksPlaced | Refused:
    positions: dict[str, tuple[float, float]] = {}
    for p in input.positions:
        if not all(math.isfinite(v) and abs(v) <= COORDINATE_MAX for v in (p.x, p.y)):
            return Refused(
                code=ErrorCode.INVALID_POSITION, message=f"a position must be finite, within ±{COORDINATE_MAX:g}"
            )
        positions[str(p.block_id)] = (round(p.x, 2), round(p.y, 2))
    outcome = await run_in_threadpool(picture.place_blocks, context.db, str(input.repo_id), positions)
    if isinstance(outcome, PlaceRefused):
        return Refused(code=outcome.code, message=outcome.message)
    return BlocksPlaced(store_version=outcome.store_version, block_ids=[strawberry.ID(b) for b in outcome.block_ids])
