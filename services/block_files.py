"""`Block.files`: the files behind a block's membership, globs expanded against the code graph, one page at a
time with each file's language, size and edges across the block's boundary (CONTRACT §2; issue 35 item 2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from graphdb.database import Database
from graphdb.graph_facts import boundary_edges, communities, file_facts
from rooms.contract import MemberRole, SystemBlock
from rooms.files import files_behind


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


def block_files(
    db: Database, repo_id: str, blocks: Sequence[SystemBlock], block_id: str, start: int, count: int
) -> tuple[int, list[BlockFile]]:
    """(every file's count, the files ``start`` .. ``start + count``) of `block_id` within `blocks`."""
    facts = file_facts(db, repo_id)
    files = files_behind(blocks, block_id, facts.keys())
    chosen = files[start : start + max(0, count)]
    edges = boundary_edges(db, repo_id, [f.path for f in chosen], [f.path for f in files]) if facts else {}
    found = communities(db, repo_id) if facts else {}
    return len(files), [
        BlockFile(
            path=f.path,
            role=f.role,
            entry=f.entry,
            language=facts.get(f.path, (None, None))[0],
            bytes=facts.get(f.path, (None, None))[1],
            edges_in=edges.get(f.path, (0, 0))[0],
            edges_out=edges.get(f.path, (0, 0))[1],
            community=found.get(f.path),
        )
        for f in chosen
    ]
