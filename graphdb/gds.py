"""In-database graph algorithms through the ``graphdatascience`` client.

The client is always built with ``arrow=False``: OpenGDS has no Arrow Flight server. Every
projection is named per call and dropped afterwards, even when the algorithm fails.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from graphdatascience import GraphDataScience

from graphdb.database import Database
from graphdb.errors import GraphDbError
from graphdb.queries import query


class EmptyProjection(GraphDbError):
    """The projection statement matched nothing: there is no graph to run an algorithm on."""


def open_gds(db: Database) -> GraphDataScience:
    """A client on ``db``'s driver: opened with our settings, server notifications off among them (a driver of
    the client's own logs every one as a warning, printed on stderr even under ``--json``). ``gds.close()``
    leaves the driver open; ``db.close()`` closes it."""
    gds = GraphDataScience(db.driver, database=db.database, arrow=False)
    gds.set_show_progress(False)  # no progress bars on a server's stderr
    return gds


@contextmanager
def projected(gds: GraphDataScience, projection: str, **params: Any) -> Iterator[Any]:
    """Project with the catalog statement ``projection`` under a fresh name; drop it on exit.

    Raises `EmptyProjection` when the statement matches no rows (the client cannot project nothing).
    """
    graph_name = f"coderooms-{uuid.uuid4().hex}"
    try:
        graph, _ = gds.graph.project.cypher(query(projection), graph_name=graph_name, **params)
    except ValueError as exc:
        # The client refuses the (null) result of an aggregation over zero rows; nothing was created.
        if gds.graph.exists(graph_name):
            gds.graph.drop(graph_name, fail_if_missing=False)
            raise
        raise EmptyProjection(f"{projection}: the projection matched no rows") from exc
    try:
        yield graph
    finally:
        gds.graph.drop(graph_name, fail_if_missing=False)


def louvain_file_communities(gds: GraphDataScience, repo_id: str, *, concurrency: int = 1) -> dict[str, int]:
    """Louvain over a repository's file graph: ``{file id: community id}``.

    Concurrency 1 makes Louvain sequential, hence deterministic for the same graph.
    """
    with projected(gds, "gds_project_file_graph", repo_id=repo_id) as graph:
        frame = gds.louvain.stream(
            graph, relationship_weight_property="weight", concurrency=concurrency, consecutive_ids=True
        )
        nodes = gds.util.as_nodes(frame["nodeId"].tolist())
        return {str(node["id"]): int(community) for node, community in zip(nodes, frame["communityId"], strict=True)}
