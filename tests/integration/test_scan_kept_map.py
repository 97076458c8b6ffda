"""A rescan after edits that change no node or edge keeps the map, and leaves the code graph a fresh scan of the
edited tree would load; anything else the map was built from, changed, makes the rescan build it again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graphdb import store_writes
from graphdb.codegraph.generations import delete_repository, live_key
from graphdb.database import Database
from rooms.candidate import ClusterParams
from rooms.contract import SeedFile, parse_seed
from rooms.reconcile import resolve_members
from rooms.store_rules import VersionConflict
from services.scan import ScanOutcome, scan
from tests.integration.owner import OWNER
from tests.support import fixture_cypher, write_python_repo

pytestmark = pytest.mark.integration

MODULES = ("billing", "catalog", "shipping", "accounts")


def _scan(db: Database, root: Path, repo_id: str, params: ClusterParams | None = None) -> ScanOutcome:
    expected = store_writes.store_version(db, repo_id) or None
    outcome = scan(db, root, repo_id, expected, naming="heuristic", params=params, actor=OWNER)
    assert not isinstance(outcome, VersionConflict)
    return outcome


def _blocks(candidate: SeedFile, files: list[str]) -> list[list[str]]:
    """Each block's files, whatever the block's id and name (those of another repository differ)."""
    file_set = frozenset(files)
    return sorted(sorted(resolve_members(block, files, file_set)) for block in candidate.blocks)


def _generation(db: Database, repo_id: str) -> list[dict[str, Any]]:
    key = live_key(db, repo_id)
    records, _, _ = db.driver.execute_query(fixture_cypher("generation_graph"), key=key, database_=db.database)
    return sorted(
        (
            {**record.data(), "properties": sorted(record["properties"]), "out": sorted(record["out"], key=repr)}
            for record in records
        ),
        key=lambda r: r["id"],
    )


@pytest.fixture
def fresh_repo(db: Database, repo_id: str) -> Iterator[str]:
    """A second repository id, for a fresh scan of the same tree."""
    other = f"{repo_id}-fresh"
    yield other
    delete_repository(db, other)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_edits_that_keep_the_graph_keep_the_map_as_a_fresh_scan_makes_it(
    db: Database, repo_id: str, fresh_repo: str, tmp_path: Path
) -> None:
    write_python_repo(tmp_path, MODULES, files_per_module=8)
    first = _scan(db, tmp_path, repo_id)
    assert first.report.get("kept") is None
    billing = tmp_path / "src" / "billing" / "part3.py"
    billing.write_text('"""Moved down: every symbol\'s lines change."""\n\n' + billing.read_text())
    _edit(tmp_path / "src" / "catalog" / "part5.py", "(x)\n", "(x)  # the same call\n")

    kept = _scan(db, tmp_path, repo_id)

    assert kept.report["kept"] == {"edited_files": 2}
    assert kept.write.store.store_version == 2
    assert kept.candidate.blocks == first.candidate.blocks
    assert kept.sockets == first.sockets
    fresh = _scan(db, tmp_path, fresh_repo)
    assert _blocks(kept.candidate, kept.files) == _blocks(fresh.candidate, fresh.files)
    assert sorted(s.edges for s in kept.sockets) == sorted(s.edges for s in fresh.sockets)
    assert _generation(db, repo_id) == _generation(db, fresh_repo), "the edited files and lines are refreshed"

    # Edits that change the graph are loaded and clustered; twice, so that the second loads into the generation
    # whose edited files the kept rescan refreshed in place.
    for module, part in (("shipping", 2), ("accounts", 6)):
        (tmp_path / "src" / module / f"part{part}.py").write_text(f"from {module} import part1\n")
        rebuilt = _scan(db, tmp_path, repo_id)
        assert rebuilt.report.get("kept") is None
        again = _scan(db, tmp_path, fresh_repo)
        assert again.report.get("kept") is None
        assert _generation(db, repo_id) == _generation(db, fresh_repo)


def test_a_changed_store_or_other_levers_build_the_map_again(db: Database, repo_id: str, tmp_path: Path) -> None:
    write_python_repo(tmp_path, MODULES, files_per_module=8)
    _scan(db, tmp_path, repo_id)
    assert _scan(db, tmp_path, repo_id).report["kept"] == {"edited_files": 0}

    seed = store_writes.export_seed(db, repo_id)
    assert seed is not None
    store_writes.import_seed(db, 2, parse_seed(seed), actor=OWNER)  # the store moved since the last scan
    assert _scan(db, tmp_path, repo_id).report.get("kept") is None
    assert _scan(db, tmp_path, repo_id).report["kept"] == {"edited_files": 0}

    other = ClusterParams().model_copy(update={"max_levels": 9})
    assert _scan(db, tmp_path, repo_id, other).report.get("kept") is None
    assert _scan(db, tmp_path, repo_id).report.get("kept") is None  # the levers changed back
    assert _scan(db, tmp_path, repo_id).report["kept"] == {"edited_files": 0}
