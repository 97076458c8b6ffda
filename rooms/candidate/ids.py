"""Block ids: stable functions of a block's anchor, so a rescan after a small edit keeps them.

The key of a unit is its anchor directory; a group split out of a directory (a unit with a tag) adds its
tag — the group's smallest path — so sibling groups never trade ids when their sizes or their most
connected files change. Two units with the same key (only possible without tags) are told apart by their
smallest file. The id is ``sb_`` + the first 16 hex digits of sha256(key) — the shape `split` gives
children.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Sequence

from rooms.candidate.units import Unit


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def block_ids(units: Sequence[Unit]) -> list[str]:
    """One id per unit, in the order given; unique."""
    keys = [f"anchor:{u.anchor}" + (f"\ntag:{u.tag}" if u.tag else "") for u in units]
    seen: dict[str, int] = defaultdict(int)
    for key in keys:
        seen[key] += 1
    keys = [key if seen[key] == 1 else f"{key}\nfile:{min(u.files)}" for key, u in zip(keys, units, strict=True)]
    ids: list[str] = []
    taken: set[str] = set()
    for key in keys:
        digest = _digest(key)
        size = 16
        while "sb_" + digest[:size] in taken and size < len(digest):
            size += 4
        block_id = "sb_" + digest[:size]
        taken.add(block_id)
        ids.append(block_id)
    return ids


def skeleton_id(repo_id: str) -> str:
    return "sk_" + _digest(f"repo:{repo_id}")[:16]
