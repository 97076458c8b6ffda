"""Seeding a rescan (the `seed_from_previous` lever).

Louvain and Leiden take a ``seedProperty``: an initial community per node. Every file gets a seed (GDS
requires one, non-negative, on every node; symbols take their file's in the projection):

- `complete_seeds`: the communities of the last clustering, remembered on the files; a file without one
  (new since) gets a fresh number of its own, so it starts alone;
- `seeds_from_previous`: when no clustering was remembered (a store imported from a seed file), the
  index of the block that held the file in the previous seed (blocks in id order; a file held by several
  takes the first), fresh numbers for the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rooms.contract import SeedFile
from rooms.reconcile import resolve_members


def seeds_from_previous(previous: SeedFile, paths: Iterable[str]) -> dict[str, int]:
    paths = sorted(set(paths))
    known = frozenset(paths)
    blocks = sorted(previous.blocks, key=lambda b: b.block_id)
    seeds: dict[str, int] = {}
    for index, block in enumerate(blocks):
        for path in resolve_members(block, paths, known):
            seeds.setdefault(path, index)
    fresh = len(blocks)
    for path in paths:
        if path not in seeds:
            seeds[path] = fresh
            fresh += 1
    return seeds


def complete_seeds(stored: Mapping[str, int], paths: Iterable[str]) -> dict[str, int]:
    paths = sorted(set(paths))
    seeds = {path: int(stored[path]) for path in paths if path in stored and stored[path] is not None}
    fresh = max(seeds.values(), default=-1) + 1
    for path in paths:
        if path not in seeds:
            seeds[path] = fresh
            fresh += 1
    return seeds
