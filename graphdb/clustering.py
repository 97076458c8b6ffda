"""Community detection in the database: project File + Symbol nodes, run Louvain or Leiden, read back.

`cluster(db, repo_id, params, hubs=..., seeds=...)` projects the repository with the levers of
`ClusterParams` (edge-type weights, hub damping, leaf folding, seeds; see ``cluster_project.cypher``),
runs the algorithm with concurrency 1 (Louvain is then sequential and deterministic; Leiden also gets
``random_seed``), streams the assignments, and drops the projection in a ``finally`` — also when the
algorithm fails. The projection's rows are ordered by node id, so the result does not depend on the
database's internal ids (the same graph loaded twice clusters the same). Folded leaf files take the
community of their one neighbour. A projection that matches nothing (no edge survives the levers)
gives empty `Assignments`.

A seeded Leiden run of GDS 2.13 fails when the seed partition cannot be improved (an internal null
dendrogram): it is then rerun unseeded and `Assignments.seeded` says so. Louvain takes seeds as they are.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from sys import intern
from typing import Any

from neo4j.exceptions import ClientError

from graphdb.database import Database
from graphdb.gds import EmptyProjection, projected
from rooms.candidate import CONCURRENCY, ClusterParams, SymbolVote

__all__ = ["Assignments", "ClusterParams", "cluster"]


@dataclass(frozen=True)
class Assignments:
    """What the algorithm said: each file's own community, and its symbols' communities by weight."""

    files: dict[str, int] = field(default_factory=dict)
    symbol_votes: tuple[SymbolVote, ...] = ()
    node_count: int = 0
    relationship_count: int = 0
    seeded: bool = False


def cluster(
    db: Database,
    repo_id: str,
    params: ClusterParams | None = None,
    *,
    hubs: Iterable[str] = (),
    seeds: Mapping[str, int] | None = None,
) -> Assignments:
    params = params or ClusterParams()
    projection = {
        "repo_id": repo_id,
        "fold_leaves": params.fold_leaves,
        "edge_weights": dict(params.edge_weights),
        "hubs": dict.fromkeys(sorted(hubs), True),
        "hub_factor": params.hub_factor,
        "seeds": dict(seeds or {}),
    }
    # Folded leaf files take their one neighbour's community: only those neighbours' keys are read back.
    leaves = db.rows("cluster_leaf_files", repo_id=repo_id) if params.fold_leaves else []
    neighbours = dict.fromkeys(sorted({str(row["neighbour"]) for row in leaves}), True)
    try:
        with projected(db, "cluster_project", **projection) as graph:
            nodes, seeded = _communities(db, graph.name, params, neighbours, seeded=seeds is not None)
            degrees = db.columns(
                "gds_degree_stream",
                graph_name=graph.name,
                config={"relationshipWeightProperty": "weight", "concurrency": CONCURRENCY, "logProgress": False},
            )
    except EmptyProjection:
        return Assignments()  # no edge survives the levers: nothing to cluster
    files: dict[str, int] = {}
    votes: dict[tuple[str, int], float] = defaultdict(float)
    # Both statements give every node of the projection in node id order: a node's degree is beside its community.
    # A path comes once per node: each is held once (a file's symbols share their file's path).
    for community, path, is_file, weight in zip(
        nodes["communities"], nodes["paths"], nodes["is_file"], degrees["scores"], strict=True
    ):
        if is_file:
            files[intern(path)] = community
        else:
            votes[(intern(path), community)] += weight
    community_of = dict(nodes["neighbours"])
    for row in leaves:
        neighbour = community_of.get(str(row["neighbour"]))
        if neighbour is not None and row["path"] not in files:
            files[str(row["path"])] = neighbour
    return Assignments(
        files=files,
        symbol_votes=tuple(SymbolVote(path, community, weight) for (path, community), weight in sorted(votes.items())),
        node_count=graph.node_count,
        relationship_count=graph.relationship_count,
        seeded=seeded,
    )


def _communities(
    db: Database, graph_name: str, params: ClusterParams, neighbours: dict[str, bool], *, seeded: bool
) -> tuple[dict[str, list[Any]], bool]:
    """The algorithm's columns (``gds_leiden_stream.cypher``), and whether it ran seeded."""
    common: dict[str, Any] = {
        "relationshipWeightProperty": "weight",
        "concurrency": CONCURRENCY,
        "maxLevels": params.max_levels,
        "tolerance": params.tolerance,
        "logProgress": False,
    }
    if params.algorithm == "louvain":
        louvain = {**common, "maxIterations": params.max_iterations, **({"seedProperty": "seed"} if seeded else {})}
        return db.columns("gds_louvain_stream", graph_name=graph_name, config=louvain, neighbours=neighbours), seeded
    leiden = {**common, "gamma": params.resolution, "randomSeed": params.random_seed}
    if seeded:
        try:
            seeded_leiden = {**leiden, "seedProperty": "seed"}
            return db.columns(
                "gds_leiden_stream", graph_name=graph_name, config=seeded_leiden, neighbours=neighbours
            ), True
        except ClientError as exc:
            if "dendrogram" not in str(exc).lower():
                raise
    return db.columns("gds_leiden_stream", graph_name=graph_name, config=leiden, neighbours=neighbours), False
