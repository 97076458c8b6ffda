"""Every lever of the candidate scan, declared in one model (`ClusterParams`).

Defaults were chosen by measurement on ``bench/quality`` (planted architectures in Python, TypeScript,
Go and Java; see ``bench/quality/README.md`` for the figures). The model is recorded whole in the
scan report, so a candidate always says how it was made.

Clustering (in-database, `graphdb.clustering`):
- ``algorithm``: ``louvain`` (default) or ``leiden``; both run with concurrency 1 (Louvain is then
  sequential and deterministic; Leiden also takes ``random_seed``).
- ``resolution``: Leiden's gamma (higher -> smaller communities). Louvain in GDS has no gamma: its
  granularity lever is ``max_levels`` (fewer aggregation levels -> smaller communities).
- ``edge_weights``: multiplier per relationship type, applied to each relationship's ``weight``.
- hub damping: a file referenced by at least ``hub_share`` of the code files (and by at least
  ``hub_min_files`` of them) is a hub; every relationship between a hub and another file is
  multiplied by ``hub_factor`` (0 removes it), in the projection and in the structure's decisions.
- ``fold_leaves``: nodes with a single relationship are left out of the projection and take the
  community of their one neighbour (they cannot change it, only add noise and time).
- ``seed_from_previous`` (off by default): Louvain/Leiden start (``seedProperty``) from the communities of
  the last clustering of the repository (kept on its files), or from the previous candidate's blocks.
  Off, a rescan of an unchanged graph gives the identical map; ids stay stable across edits because the
  blocks follow the structure (their ids are their anchors), not the communities' numbers.

The structure (`rooms.candidate.structure`, pure; chosen on ``bench/quality --archsets``, eight real
systems with expert architectures, one set of defaults for all):
- ``min_block_size`` (FLOOR): a unit smaller than this joins the unit it shares the most edge weight with.
- ``split_min_files`` / ``package_alignment``: in a repository of several build modules, a module of at
  least ``split_min_files`` code files splits into its directories only when their modularity reaches
  ``package_alignment`` times that of its graph communities; otherwise the module is one block.
- ``min_directory_files``: a directory unit smaller than this joins its nearest ancestor directory's unit.
- ``flat_min_files`` / ``min_group_files`` / ``split_cohesion``: a directory of at least ``flat_min_files``
  files splits into community groups only when at least two groups of ``min_group_files`` files (and FLOOR)
  each keep at least ``split_cohesion`` of
  their in-directory edge weight among themselves ("the graph says so"; any share in a flat directory
  holding half the code).
- ``glob_threshold``: a block lists ``dir/**`` when it claims at least this share of the directory's
  files (F0c §2b: 0.9), exact paths otherwise.
- ``cohesion_floor``: ``graph_cohesion`` is None when a block's edge sample is smaller (F0c §3b).
- ``tiny_repo_files``: below this many files, one block per top-level directory, no clustering.
- ``no_edge_ratio`` / ``no_edge_min_pairs``: with fewer file pairs joined by an edge than
  ``max(no_edge_min_pairs, no_edge_ratio * code files)`` the repository is treated as docs/no-edge:
  directory + extension clustering, no graph scores.
- ``socket_min_weight``: inter-block edge weight needed for an internal socket.
- ``residue_sample``: how many residue paths the report lists (the count is always exact).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

DEFAULT_EDGE_WEIGHTS: dict[str, float] = {
    "IMPORTS": 0.5,
    "CALLS": 1.0,
    "INHERITS": 1.0,
    "DEFINES": 1.0,
    "CONTAINS": 1.0,
}

CONCURRENCY = 1
"""Fixed: with one thread Louvain is sequential and its result a function of the graph alone."""


class ClusterParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    algorithm: Literal["louvain", "leiden"] = "louvain"
    resolution: float = Field(default=1.0, gt=0.0)
    max_levels: int = Field(default=10, ge=1, le=50)
    max_iterations: int = Field(default=10, ge=1, le=100)
    tolerance: float = Field(default=1e-4, gt=0.0)
    random_seed: int = Field(default=42, ge=0)
    edge_weights: dict[str, float] = Field(default_factory=lambda: dict(DEFAULT_EDGE_WEIGHTS))

    hub_share: float = Field(default=0.25, gt=0.0, le=1.0)
    hub_min_files: int = Field(default=5, ge=2)
    hub_factor: float = Field(default=0.3, ge=0.0, le=1.0)
    fold_leaves: bool = True
    seed_from_previous: bool = False

    min_block_size: int = Field(default=3, ge=1)
    split_min_files: int = Field(default=30, ge=1)
    package_alignment: float = Field(default=0.42, ge=0.0)
    min_directory_files: int = Field(default=5, ge=1)
    flat_min_files: int = Field(default=16, ge=2)
    min_group_files: int = Field(default=4, ge=1)
    split_cohesion: float = Field(default=0.5, ge=0.0, le=1.0)
    glob_threshold: float = Field(default=0.9, gt=0.0, le=1.0)
    cohesion_floor: int = Field(default=5, ge=1)
    tiny_repo_files: int = Field(default=30, ge=0)
    no_edge_ratio: float = Field(default=0.05, ge=0.0)
    no_edge_min_pairs: int = Field(default=3, ge=0)
    socket_min_weight: float = Field(default=1.0, ge=0.0)
    residue_sample: int = Field(default=50, ge=0)
