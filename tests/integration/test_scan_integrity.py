"""The scan service checks, then writes (issue 34, points 2 and 3): a scan that loses the version check to
a write landing while it runs, that fails, or that loses its scan lock leaves the live code graph exactly as
it was and deletes what it staged; the CLI refuses another directory unless told ``--rebind`` (exit 3)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from graphdb import scan_lock, store_writes
from graphdb.connection import Target
from graphdb.database import Database
from rooms.contract import parse_seed
from rooms.store_rules import VersionConflict
from services import scan as scans
from tests.api.conftest import env_for
from tests.integration.owner import OWNER
from tests.scan_integrity_support import snapshot
from tests.support import write_python_repo

pytestmark = pytest.mark.integration

STORE_LABELS = {"Store", "Block", "EditBatch"}


def code_graph(db: Database, repo_id: str) -> dict[str, Any]:
    """The snapshot without the store's nodes: the code graph generations, the binding and the scan lock."""
    taken = snapshot(db, repo_id)
    nodes = [n for n in taken["nodes"] if not STORE_LABELS.intersection(n["labels"])]
    kept = {n["node"] for n in nodes}
    relationships = [r for r in taken["relationships"] if r["source"] in kept]
    return {**taken, "nodes": nodes, "relationships": relationships}


@pytest.fixture(params=["module_removed", "comment_added"])
def changed(request: pytest.FixtureRequest, db: Database, repo_id: str, tmp_path: Path) -> Path:
    """A tree scanned at store version 1, then changed: a module gone (the next scan loads and clusters), or a
    comment added (the next scan keeps the map and refreshes the edited file, ``services.kept_map``)."""
    write_python_repo(tmp_path)
    assert not isinstance(scans.scan(db, tmp_path, repo_id, None, naming="heuristic", actor=OWNER), VersionConflict)
    if request.param == "module_removed":
        shutil.rmtree(tmp_path / "src" / "billing")
    else:
        edited = tmp_path / "src" / "billing" / "part3.py"
        edited.write_text("# a comment moves every line\n" + edited.read_text())
    return tmp_path


def test_a_scan_that_loses_the_version_check_to_a_write_meanwhile_leaves_the_graph(
    db: Database, repo_id: str, changed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = code_graph(db, repo_id)
    written: dict[str, str | None] = {}

    def import_meanwhile(root: Path) -> str:
        # Called once the tree is loaded (staged) and before the candidate is written: another writer wins.
        seed = store_writes.export_seed(db, repo_id)
        assert seed is not None
        store_writes.import_seed(db, 1, parse_seed(seed), actor=OWNER)
        written["seed"] = store_writes.export_seed(db, repo_id)
        return ""

    monkeypatch.setattr(scans, "source_commit", import_meanwhile)
    outcome = scans.scan(db, changed, repo_id, 1, naming="heuristic", actor=OWNER)
    assert outcome == VersionConflict(1, 2)
    assert code_graph(db, repo_id) == before, "nothing staged is left, nothing live has changed"
    assert store_writes.export_seed(db, repo_id) == written["seed"]


def test_a_scan_that_fails_or_loses_its_lock_leaves_everything(
    db: Database, repo_id: str, changed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(db, repo_id)

    def fails(root: Path) -> str:
        raise RuntimeError("the scan broke after staging its graph")

    monkeypatch.setattr(scans, "source_commit", fails)
    with pytest.raises(RuntimeError):
        scans.scan(db, changed, repo_id, 1, naming="heuristic", actor=OWNER)
    assert snapshot(db, repo_id) == before

    def lock_taken_over(root: Path) -> str:
        # This scan's lease ran out (a long pause) and another scan took the repository.
        db.execute("scan_lock_release", repo_id=repo_id, holder=_holder(db, repo_id))
        scan_lock.take(db, repo_id, "the-next-scan")
        return ""

    monkeypatch.setattr(scans, "source_commit", lock_taken_over)
    with pytest.raises(scans.ScanRefused) as refused:
        scans.scan(db, changed, repo_id, 1, naming="heuristic", actor=OWNER)
    assert refused.value.code == "scan_in_progress"
    scan_lock.release(db, repo_id, "the-next-scan")
    assert snapshot(db, repo_id) == before


def _holder(db: Database, repo_id: str) -> str:
    locks = [n for n in snapshot(db, repo_id)["nodes"] if "ScanLock" in n["labels"]]
    assert len(locks) == 1
    return str(locks[0]["properties"]["holder"])


def cli(target: Target, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli.main", *args], env=env_for(target), capture_output=True, text=True, timeout=300
    )


def test_the_cli_refuses_another_directory_unless_told_to_rebind(
    neo4j_target: Target, db: Database, repo_id: str, tmp_path: Path
) -> None:
    own, other = tmp_path / "own", tmp_path / "other"
    write_python_repo(own)
    write_python_repo(other, modules=("alpha", "beta"), files_per_module=4)
    assert cli(neo4j_target, "ingest", str(own), "--repo-id", repo_id, "--json").returncode == 0
    before = snapshot(db, repo_id)
    for command in ("ingest", "scan"):
        refused = cli(neo4j_target, command, str(other), "--repo-id", repo_id, "--json")
        assert refused.returncode == 3, refused.stderr
        assert "path_rebind_refused" in refused.stderr and str(own) in refused.stderr
        assert snapshot(db, repo_id) == before
    rebound = cli(neo4j_target, "scan", str(other), "--repo-id", repo_id, "--rebind", "--json")
    assert rebound.returncode == 0, rebound.stderr
    assert {path.split("/")[1] for path in snapshot(db, repo_id)["files"] if path.startswith("src/")} == {
        "alpha",
        "beta",
    }


def test_scans_of_different_repositories_run_side_by_side(db: Database, repo_id: str, tmp_path: Path) -> None:
    write_python_repo(tmp_path)
    other = f"{repo_id}-beside"
    scan_lock.take(db, other, "a-scan-of-the-other-repository")
    try:
        assert not isinstance(scans.scan(db, tmp_path, repo_id, None, naming="heuristic", actor=OWNER), VersionConflict)
    finally:
        scan_lock.release(db, other, "a-scan-of-the-other-repository")
