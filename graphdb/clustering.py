"""Community detection in the database: project File + Symbol nodes, run Louvain or Leiden, read back.

`cluster(db, gds, repo_id, params, hubs=..., seeds=...)` projects the repository with the levers of
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
from typing import Any

from graphdatascience import GraphDataScience
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
    gds: GraphDataScience,
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
        "hubs": sorted(hubs),
        "hub_factor": params.hub_factor,
        "seeds": dict(seeds or {}),
    }
    try:
        with projected(gds, "cluster_project", **projection) as graph:
            frame, seeded = _communities(gds, graph, params, seeded=seeds is not None)
            degrees = gds.degree.stream(
                graph, relationship_weight_property="weight", concurrency=CONCURRENCY, log_progress=False
            )
            node_count, relationship_count = int(graph.node_count()), int(graph.relationship_count())
    except EmptyProjection:
        return Assignments()  # no edge survives the levers: nothing to cluster
    node_ids = [int(n) for n in frame["nodeId"].tolist()]
    nodes = gds.util.as_nodes(node_ids)
    weight_of = {int(n): float(w) for n, w in zip(degrees["nodeId"], degrees["score"], strict=True)}
    by_node_id: dict[str, int] = {}
    files: dict[str, int] = {}
    votes: dict[tuple[str, int], float] = defaultdict(float)
    for node_id, node, community in zip(node_ids, nodes, frame["communityId"].tolist(), strict=True):
        community = int(community)
        by_node_id[str(node["id"])] = community
        if "File" in node.labels:
            files[str(node["path"])] = community
        else:
            votes[(str(node["path"]), community)] += weight_of.get(node_id, 0.0)
    if params.fold_leaves:
        for row in db.rows("cluster_leaf_files", repo_id=repo_id):
            neighbour = by_node_id.get(str(row["neighbour"]))
            if neighbour is not None and row["path"] not in files:
                files[str(row["path"])] = neighbour
    return Assignments(
        files=files,
        symbol_votes=tuple(SymbolVote(path, community, weight) for (path, community), weight in sorted(votes.items())),
        node_count=node_count,
        relationship_count=relationship_count,
        seeded=seeded,
    )


def _communities(gds: GraphDataScience, graph: Any, params: ClusterParams, *, seeded: bool) -> tuple[Any, bool]:
    common: dict[str, Any] = {
        "relationship_weight_property": "weight",
        "concurrency": CONCURRENCY,
        "max_levels": params.max_levels,
        "tolerance": params.tolerance,
        "log_progress": False,
    }
    if params.algorithm == "louvain":
        extra: dict[str, Any] = {"seed_property": "seed"} if seeded else {}
        return gds.louvain.stream(graph, max_iterations=params.max_iterations, **common, **extra), seeded
    leiden = {**common, "gamma": params.resolution, "random_seed": params.random_seed}
    if seeded:
        try:
            return gds.leiden.stream(graph, seed_property="seed", **leiden), True
        except ClientError as exc:
            if "dendrogram" not in str(exc).lower():
                raise
    return gds.leiden.stream(graph, **leiden), False
