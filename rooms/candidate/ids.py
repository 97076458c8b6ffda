"""Block ids: stable functions of a block's anchor, so a rescan after a small edit keeps them.

The key of a unit is its anchor directory. Units sharing an anchor (a directory split by the graph) are
told apart by their tag (the group's most connected file); the largest of them keeps the plain anchor key,
so a directory that starts or stops being split keeps the id of its main part. The id is ``sb_`` + the
first 16 hex digits of sha256(key) — the same shape as the ids `split` gives children.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Sequence

from rooms.candidate.ladder import Unit


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def block_ids(units: Sequence[Unit]) -> list[str]:
    """One id per unit, in the order given; unique."""
    by_anchor: dict[str, list[int]] = defaultdict(list)
    for index, unit in enumerate(units):
        by_anchor[unit.anchor].append(index)
    keys: list[str] = [""] * len(units)
    for anchor, indexes in by_anchor.items():
        ranked = sorted(indexes, key=lambda i: (-len(units[i].files), units[i].tag, min(units[i].files)))
        keys[ranked[0]] = f"anchor:{anchor}"
        for i in ranked[1:]:
            keys[i] = f"anchor:{anchor}\ntag:{units[i].tag or min(units[i].files)}"
    ids: list[str] = []
    taken: set[str] = set()
    for key in keys:
        digest = _digest(key)
        size = 16
        while "sb_" + digest[:size] in taken and size < len(digest):
            size += 4
        block_id = "sb_" + digest[:size]
        if block_id in taken:  # the same key twice: only possible for identical tags, made unique by order
            block_id = "sb_" + _digest(key + f"\n#{len(taken)}")[:16]
        taken.add(block_id)
        ids.append(block_id)
    return ids


def skeleton_id(repo_id: str) -> str:
    return "sk_" + _digest(f"repo:{repo_id}")[:16]
