"""Seeding a rescan from the previous candidate (the `seed_from_previous` lever).

Louvain and Leiden take a ``seedProperty``: an initial community per node. A file's seed is the index of
the block that held it in the previous seed (blocks in id order; a file held by several takes the first);
every other file gets a fresh number of its own, so new files start alone. Symbols take their file's seed
(in the projection). Every file gets a seed: GDS requires one, non-negative, on every node.
"""

from __future__ import annotations

from collections.abc import Iterable

from rooms.contract import SeedFile, is_glob, path_matches


def seeds_from_previous(previous: SeedFile, paths: Iterable[str]) -> dict[str, int]:
    paths = sorted(set(paths))
    blocks = sorted(previous.blocks, key=lambda b: b.block_id)
    seeds: dict[str, int] = {}
    for index, block in enumerate(blocks):
        exact = {m.path for m in block.membership if not is_glob(m.path)}
        globs = [m.path for m in block.membership if is_glob(m.path)]
        for path in paths:
            if path not in seeds and (path in exact or any(path_matches(g, path) for g in globs)):
                seeds[path] = index
    fresh = len(blocks)
    for path in paths:
        if path not in seeds:
            seeds[path] = fresh
            fresh += 1
    return seeds
