"""GDS works end to end through Cypher on our driver: project, Louvain, read back, drop."""

from __future__ import annotations

import subprocess
import sys

import pytest

from graphdb.connection import Target
from graphdb.database import Database
from graphdb.gds import louvain_file_communities, projection_names
from tests.api.conftest import env_for
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration

A = ["a/one.py", "a/two.py", "a/three.py", "a/four.py"]
B = ["b/one.py", "b/two.py", "b/three.py", "b/four.py"]


def _clique(paths: list[str], weight: float) -> list[list[object]]:
    return [[s, t, weight] for i, s in enumerate(paths) for t in paths[i + 1 :]]


def _seed(db: Database, repo_id: str) -> None:
    edges = _clique(A, 5.0) + _clique(B, 5.0) + [["a/one.py", "b/one.py", 0.5]]
    db.driver.execute_query(
        fixture_cypher("two_file_cliques"), repo_id=repo_id, files=A + B, edges=edges, database_=db.database
    )


def test_louvain_finds_the_two_groups_and_drops_its_projection(db: Database, repo_id: str) -> None:
    _seed(db, repo_id)
    before = projection_names(db)
    communities = louvain_file_communities(db, repo_id)
    after = projection_names(db)
    assert set(communities) == {f"file::{p}" for p in A + B}
    group_a = {communities[f"file::{p}"] for p in A}
    group_b = {communities[f"file::{p}"] for p in B}
    assert len(group_a) == 1 and len(group_b) == 1 and group_a != group_b
    assert after == before, "the projection must be dropped after the run"


def test_louvain_is_deterministic(db: Database, repo_id: str) -> None:
    _seed(db, repo_id)
    runs = [louvain_file_communities(db, repo_id) for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]


def test_reports_versions(db: Database, record_property) -> None:  # pytest fixture
    neo4j_version, gds_version = db.versions()
    record_property("neo4j_version", neo4j_version)
    record_property("gds_version", gds_version)
    print(f"\nintegration database: Neo4j {neo4j_version}, GDS {gds_version}")
    assert neo4j_version.startswith("5.26.")
    assert gds_version.startswith("2.")


def test_a_server_notification_prints_nothing(neo4j_target: Target) -> None:
    """Our driver asks for no notifications: a driver that gets them logs each as a warning, printed on stderr,
    under ``coderooms scan --json`` too (issue 34)."""
    program = (
        "from graphdb.database import Database\n"
        "from tests.support import fixture_cypher\n"
        "db = Database.connect()\n"
        "records, _, _ = db.driver.execute_query(fixture_cypher('unknown_label'), database_=db.database)\n"
        "print([record.data() for record in records])\n"
        "db.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], env=env_for(neo4j_target), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[{'n': 0}]"
    assert done.stderr == ""
