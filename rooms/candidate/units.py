"""The units a candidate's blocks are made of (every file in none of them is residue), and the directory
helpers the unit builders share."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(eq=False)
class Unit:
    """A proto-block: its files, the directory it stands for and, for a group split out of a directory,
    a tag telling it apart from its siblings (the group's smallest path when it was formed: its id key)
    and a label (its most connected file: its name)."""

    files: set[str]
    anchor: str
    tag: str = ""
    label: str = ""
    finer: tuple[str, ...] = ()  # a whole module's directories, when it could also be read at that level


def tree_of(path: str) -> str:
    """The top-level directory of a file ("" for a file at the root)."""
    return path.split("/", 1)[0] if "/" in path else ""


def common_directory(paths: Iterable[str]) -> str:
    """The deepest directory containing every path given (directories, not files)."""
    parts = [p.split("/") if p else [] for p in paths]
    if not parts:
        return ""
    prefix: list[str] = []
    for segments in zip(*parts, strict=False):
        if all(s == segments[0] for s in segments):
            prefix.append(segments[0])
        else:
            break
    return "/".join(prefix)


def shared_depth(a: str, b: str) -> int:
    """How many leading directory segments two paths share."""
    depth = 0
    for x, y in zip(a.split("/") if a else [], b.split("/") if b else [], strict=False):
        if x != y:
            break
        depth += 1
    return depth
