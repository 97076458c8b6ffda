"""What a refused scan must leave as it was: everything stored under a repository, and its live code graph."""

from __future__ import annotations

from typing import Any

from graphdb import codegraph
from graphdb.database import Database
from tests.support import fixture_cypher


def snapshot(db: Database, repo_id: str) -> dict[str, Any]:
    """Every node and relationship of the repository (its code graph generations, store, blocks, history and
    scan lock) with all their properties, the live graph's file paths, and its counts."""

    def rows(name: str) -> list[dict[str, Any]]:
        records, _, _ = db.driver.execute_query(fixture_cypher(name), repo_id=repo_id, database_=db.database)
        return sorted((record.data() for record in records), key=repr)

    return {
        "nodes": rows("repo_snapshot_nodes"),
        "relationships": rows("repo_snapshot_relationships"),
        "files": codegraph.file_paths(db, repo_id),
        "counts": rows("repo_graph_counts"),
    }
