"""In-database graph algorithms: the GDS procedures called as Cypher statements on our own driver.

Every projection is named per call and dropped afterwards, even when the algorithm fails. The procedures'
configuration maps are passed as parameters, so each statement is planned once per server start.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from graphdb.database import Database
from graphdb.errors import GraphDbError
from ingest.records import file_id


class EmptyProjection(GraphDbError):
    """The projection statement matched nothing: there is no graph to run an algorithm on."""


@dataclass(frozen=True)
class Projection:
    name: str  # in the GDS catalog
    node_count: int
    relationship_count: int


@contextmanager
def projected(db: Database, projection: str, **params: Any) -> Iterator[Projection]:
    """Project with the catalog statement ``projection`` (which returns the projection's ``node_count`` and
    ``relationship_count``) under a fresh name; drop it on exit.

    Raises `EmptyProjection` when the statement matches no rows: GDS then projects nothing and answers null.
    """
    name = f"coderooms-{uuid.uuid4().hex}"
    row = db.execute(projection, graph_name=name, **params)[0]
    if row["node_count"] is None:
        raise EmptyProjection(f"{projection}: the projection matched no rows")
    try:
        yield Projection(name, int(row["node_count"]), int(row["relationship_count"]))
    finally:
        db.execute("gds_graph_drop", graph_name=name)


def projection_names(db: Database) -> set[str]:
    """The names of the graphs in the GDS catalog (ours are dropped after each use)."""
    return {str(row["name"]) for row in db.rows("gds_graph_names")}


def louvain_file_communities(db: Database, repo_id: str, *, concurrency: int = 1) -> dict[str, int]:
    """Louvain over a repository's file graph: ``{file id: community id}``.

    Concurrency 1 makes Louvain sequential, hence deterministic for the same graph.
    """
    with projected(db, "gds_project_file_graph", repo_id=repo_id) as graph:
        config = {"relationshipWeightProperty": "weight", "concurrency": concurrency, "consecutiveIds": True}
        found = db.columns("gds_louvain_stream", graph_name=graph.name, config=config, neighbours={})
    return {file_id(path): community for path, community in zip(found["paths"], found["communities"], strict=True)}
