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
from rooms.contract import MemberRole, SystemBlock, is_glob


@dataclass(frozen=True)
class FileBehind:
    path: str
    role: MemberRole
    entry: str  # the membership entry the file is behind (itself, for an exact entry)


def files_by_block(blocks: Sequence[SystemBlock], repo_files: Collection[str]) -> dict[str, list[FileBehind]]:
    """Block id -> the files it stands for among `blocks`, sorted by path (one resolution for the whole map)."""
    resolved = resolve({b.block_id: b.membership for b in blocks}, repo_files) if repo_files else {}
    out: dict[str, list[FileBehind]] = {}
    for block in blocks:
        found = {m.path: FileBehind(m.path, m.role, m.path) for m in block.membership if not is_glob(m.path)}
        globs = {m.path[:-3]: m for m in block.membership if m.path.endswith("/**")}
        if globs:
            for path in resolved.get(block.block_id, set()) - found.keys():
                entry = next((globs[d] for d in ancestors(path) if d in globs), None)
                if entry is not None:
                    found[path] = FileBehind(path, entry.role, entry.path)
        out[block.block_id] = [found[p] for p in sorted(found)]
    return out


def files_behind(blocks: Sequence[SystemBlock], block_id: str, repo_files: Collection[str]) -> list[FileBehind]:
    """The files `block_id` stands for among `blocks`, sorted by path (empty for an unknown block)."""
    return files_by_block(blocks, repo_files).get(block_id, [])
