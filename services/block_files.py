"""`Block.files`: the files behind a block's membership, globs expanded against the code graph, one page at a
time with each file's language, size, edges across the block's boundary and community (CONTRACT §2; issue 35
item 2). The repository's files are read once and the map resolved once (`map_files`); a page costs one more
read, and an empty page (``first: 0``, for `totalCount`) none."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from graphdb.database import Database
from graphdb.graph_facts import boundary_edges, communities, file_facts
from rooms.contract import MemberRole, SystemBlock
from rooms.files import FileBehind, files_by_block

Facts = dict[str, tuple[str | None, int | None]]


@dataclass(frozen=True)
class BlockFile:
    path: str
    role: MemberRole
    entry: str
    language: str | None
    bytes: int | None
    edges_in: int
    edges_out: int
    community: int | None


@dataclass(frozen=True)
class MapFiles:
    facts: Facts  # path -> (language, bytes) of every file of the code graph
    by_block: dict[str, list[FileBehind]]


def map_files(db: Database, repo_id: str, blocks: Sequence[SystemBlock]) -> MapFiles:
    facts = file_facts(db, repo_id)
    return MapFiles(facts, files_by_block(blocks, facts.keys()))


def block_files(db: Database, repo_id: str, files: MapFiles, block_id: str, start: int, count: int) -> list[BlockFile]:
    """The files ``start`` .. ``start + count`` of `block_id`, measured."""
    every = files.by_block.get(block_id, [])
    chosen = every[start : start + max(0, count)]
    if not chosen:
        return []
    edges = boundary_edges(db, repo_id, [f.path for f in chosen], [f.path for f in every]) if files.facts else {}
    found = communities(db, repo_id) if files.facts else {}
    return [
        BlockFile(
            path=f.path,
            role=f.role,
            entry=f.entry,
            language=files.facts.get(f.path, (None, None))[0],
            bytes=files.facts.get(f.path, (None, None))[1],
            edges_in=edges.get(f.path, (0, 0))[0],
            edges_out=edges.get(f.path, (0, 0))[1],
            community=found.get(f.path),
        )
        for f in chosen
    ]
