"""The files behind a block's membership (CONTRACT §2 `Block.files`; issue 35 item 2).

An exact entry is its own file; a ``dir/**`` entry stands for the files of the code graph it resolves to for
this block, as every reader resolves a map (`rooms.candidate.membership.resolve`: a file another block lists
exactly is that block's; under nested globs the deeper wins). Without a code graph (an imported seed never
scanned) only the exact entries are known. Each file carries the entry it is behind and that entry's role
(an exact entry's own role; a glob's role for the files it covers).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rooms.candidate.membership import ancestors, resolve
from rooms.contract import MemberRole, SystemBlock


@dataclass(frozen=True)
class FileBehind:
    path: str
    role: MemberRole
    entry: str  # the membership entry the file is behind (itself, for an exact entry)


def files_behind(blocks: Sequence[SystemBlock], block_id: str, repo_files: Collection[str]) -> list[FileBehind]:
    """The files `block_id` stands for among `blocks`, sorted by path (empty for an unknown block)."""
    block = next((b for b in blocks if b.block_id == block_id), None)
    if block is None:
        return []
    exact = {m.path: m for m in block.membership if not m.path.endswith("/**")}
    globs = {m.path[:-3]: m for m in block.membership if m.path.endswith("/**")}
    found = {path: FileBehind(path, m.role, path) for path, m in exact.items() if "*" not in path and "?" not in path}
    if globs and repo_files:
        resolved = resolve({b.block_id: b.membership for b in blocks}, repo_files).get(block_id, set())
        for path in resolved - found.keys():
            entry = next((globs[d] for d in ancestors(path) if d in globs), None)
            if entry is not None:
                found[path] = FileBehind(path, entry.role, entry.path)
    return [found[p] for p in sorted(found)]
