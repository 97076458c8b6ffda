"""What the architecture picture reads and writes: the code graph's file edges (for the sockets' edge
counts and the edges behind one socket) and the blocks' positions (``placeBlocks``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from neo4j import ManagedTransaction

from graphdb import store as persisted
from graphdb.codegraph.generations import live_key
from graphdb.database import Database
from graphdb.graph_facts import files_and_edges
from rooms.contract import ErrorCode
from rooms.picture import moved


@dataclass(frozen=True)
class EdgeRow:
    """One code-graph edge between two files, with the symbols at each end (some at most)."""

    source: str
    target: str
    kind: str
    weight: float
    callers: tuple[str, ...]
    used: tuple[str, ...]


@dataclass(frozen=True)
class FileGraph:
    paths: tuple[str, ...]
    edges: tuple[tuple[str, str, str], ...]  # (source, target, kind), one per row of cluster_file_edges


@dataclass(frozen=True)
class Placed:
    store_version: int
    block_ids: tuple[str, ...]


@dataclass(frozen=True)
class PlaceRefused:
    code: ErrorCode  # no_store | unknown_block
    message: str


def file_graph(db: Database, repo_id: str) -> FileGraph:
    """The files and file edges of the repository's live code graph."""
    files, edges = files_and_edges(db, live_key(db, repo_id))  # the live generation's nodes carry its key
    return FileGraph(tuple(f.path for f in files), tuple((e.source, e.target, e.kind) for e in edges))


def socket_edges(
    db: Database, repo_id: str, sources: Sequence[str], targets: Sequence[str], first: int
) -> tuple[int, list[EdgeRow]]:
    """(how many edges lead from ``sources`` to ``targets``, the first ``first`` of them in path order)."""
    graph = live_key(db, repo_id)
    rows = db.rows("picture_socket_edges", repo_id=graph, sources=list(sources), targets=list(targets), first=first)
    if not rows:
        return 0, []
    return int(rows[0]["total"]), [
        EdgeRow(
            str(r["source"]),
            str(r["target"]),
            str(r["kind"]).lower(),
            float(r["weight"]),
            tuple(sorted(str(n) for n in r["callers"])),
            tuple(sorted(str(n) for n in r["used"])),
        )
        for r in rows[0]["rows"]
    ]


def place_blocks(db: Database, repo_id: str, positions: Mapping[str, tuple[float, float]]) -> Placed | PlaceRefused:
    """Store the positions under the store lock, on the latest blocks (a concurrent edit is never undone),
    without a version bump; refused when there is no store or a block id is not on the live skeleton."""

    def work(tx: ManagedTransaction) -> Placed | PlaceRefused:
        locked = persisted.lock(tx, repo_id)
        if locked is None:
            return PlaceRefused(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store")
        before = persisted.load_locked(tx, repo_id)
        ids = {b.block_id for b in before.blocks}
        unknown = sorted(set(positions) - ids)
        if unknown:
            return PlaceRefused(ErrorCode.UNKNOWN_BLOCK, f"no block {unknown[0]!r} on the live skeleton of {repo_id!r}")
        blocks = [moved(b, *positions[b.block_id]) if b.block_id in positions else b for b in before.blocks]
        after = before.model_copy(update={"blocks": blocks})
        persisted.persist_layout(tx, locked, before, after)
        return Placed(locked.version, tuple(b for b in positions))

    return db.write(work)
