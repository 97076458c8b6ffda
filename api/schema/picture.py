"""The architecture picture: block positions, the edges behind a socket, and ``placeBlocks``."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.schema.results import Refused


@strawberry.type(
    description="Where the block's box sits in the picture (its top-left corner). `stored` is false when no "
    "position is stored yet and this one is the deterministic layout's (same map, same place)."
)
class BlockLayout:
    x: float
    y: float
    locked: bool = strawberry.field(description="Placed by someone (placeBlocks): a later layout keeps it.")
    stored: bool


@strawberry.type(description="One code-graph edge behind a socket: a file of one block uses a file of the other.")
class SocketEdge:
    source: str = strawberry.field(description="The using file (in the block asked).")
    target: str = strawberry.field(description="The used file (in the block `to`).")
    kind: str = strawberry.field(description="imports | calls | inherits")
    weight: float
    callers: list[str] = strawberry.field(description="Symbols of `source` that make the edge (12 at most).")
    used: list[str] = strawberry.field(description="Symbols of `target` it uses (12 at most).")


@strawberry.type
class SocketEdges:
    total_count: int = strawberry.field(description="Every edge from this block's files to `to`'s files.")
    edges: list[SocketEdge] = strawberry.field(description="The first `first` of them, by source, target, kind.")


@strawberry.input
class BlockPosition:
    block_id: strawberry.ID
    x: float
    y: float


@strawberry.input
class PlaceBlocksInput:
    repo_id: strawberry.ID
    positions: list[BlockPosition]
    agent_id: str | None = None


@strawberry.type(description="The positions are stored; storeVersion did not move (a position is not a boundary).")
class BlocksPlaced:
    store_version: int
    block_ids: list[strawberry.ID]


PlaceBlocksResult = Annotated[BlocksPlaced | Refused, strawberry.union("PlaceBlocksResult")]
