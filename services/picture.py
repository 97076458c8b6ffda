"""The architecture picture's reads and writes: edge counts behind sockets, the edges behind one socket,
and the owner's (or an agent's) positions for blocks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from graphdb import picture as graph
from graphdb.database import Database
from rooms.contract import SystemBlock
from rooms.picture import block_files, edge_counts

__all__ = ["EDGES_MAX", "edge_table", "place_blocks", "socket_edges"]

EDGES_MAX = 500  # the most edges one socketEdges answer lists


def edge_table(db: Database, repo_id: str, blocks: Sequence[SystemBlock]) -> dict[tuple[str, str], int]:
    """(user block, used block) -> how many code-graph edges lead from the first's files to the second's."""
    files = graph.file_graph(db, repo_id)
    return edge_counts(block_files(blocks, files.paths), files.edges)


def socket_edges(
    db: Database, repo_id: str, blocks: Sequence[SystemBlock], source: str, target: str, first: int
) -> tuple[int, list[graph.EdgeRow]] | None:
    """The edges from ``source``'s files to ``target``'s (None when either block is not in ``blocks``)."""
    ids = {b.block_id for b in blocks}
    if source not in ids or target not in ids:
        return None
    files = block_files(blocks, graph.file_graph(db, repo_id).paths)
    first = max(0, min(first, EDGES_MAX))
    return graph.socket_edges(db, repo_id, sorted(files[source]), sorted(files[target]), first)


def place_blocks(
    db: Database, repo_id: str, positions: Mapping[str, tuple[float, float]]
) -> graph.Placed | graph.PlaceRefused:
    return graph.place_blocks(db, repo_id, positions)
