"""`coderooms ingest PATH` against the test database, as a user runs it: the report it prints is the scan's,
the graph it writes is the scan's, a second run rewrites no file, and a path that is no directory is refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from graphdb import codegraph
from graphdb.connection import Target
from graphdb.database import Database
from ingest import scan_tree
from tests.api.conftest import env_for

pytestmark = pytest.mark.integration

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "ingest" / "python"


def cli(target: Target, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli.main", "ingest", *args],
        env=env_for(target),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_ingest_reports_and_writes_the_scan(neo4j_target: Target, db: Database, repo_id: str) -> None:
    scanned = scan_tree(FIXTURE)
    expected = scanned.report
    first = cli(neo4j_target, str(FIXTURE), "--repo-id", repo_id, "--json")
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert report["repo_id"] == repo_id
    assert report["files_by_language"] == dict(expected.files_by_language)
    assert report["symbols"] == expected.symbols
    assert report["edges_by_kind"] == dict(expected.edges_by_kind)
    files = sum(expected.files_by_language.values())
    assert report["written"]["files"] == files and report["written"]["nodes"] > files
    stored = db.rows("codegraph_file_digests", **codegraph.batch_parameters(repo_id))
    assert len(stored) == files and all(row["digest"] for row in stored)

    again = json.loads(cli(neo4j_target, str(FIXTURE), "--repo-id", repo_id, "--json").stdout)
    # Package nodes are upserted by every load (`graphdb.codegraph`); files and their relationships are not.
    assert again["written"] == {
        "files": 0,
        "deleted": 0,
        "unchanged": files,
        "nodes": len(scanned.packages),
        "relationships": 0,
    }


def test_ingest_refuses_a_path_that_is_no_directory(neo4j_target: Target, tmp_path: Path) -> None:
    refused = cli(neo4j_target, str(tmp_path / "missing"), "--json")
    assert refused.returncode == 2
    assert "is not a directory" in refused.stderr


def test_scan_json_prints_nothing_on_stderr(neo4j_target: Target, repo_id: str) -> None:
    """Neither progress nor the database's notifications (issue 34): stdout is the report, stderr is empty."""
    done = subprocess.run(
        [sys.executable, "-m", "api.cli.main", "scan", str(FIXTURE), "--repo-id", repo_id, "--json"],
        env=env_for(neo4j_target),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["repo_id"] == repo_id
    assert done.stderr == ""
