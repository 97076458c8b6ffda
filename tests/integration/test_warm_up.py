"""The server's warm-up, run by `coderooms db start` (issue 37): real scans of Code Rooms' own domain package,
each into a throwaway repository deleted whole. Another repository is left exactly as it was, and nothing
of the warm-up stays in the database: no node, no relationship, no GDS projection."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rooms
from graphdb.database import Database
from graphdb.gds import projection_names
from rooms.store_rules import VersionConflict
from services import scan as scans
from services.warm_up import SCANS, warm_up
from tests.integration.owner import OWNER
from tests.scan_integrity_support import snapshot
from tests.support import fixture_cypher, write_python_repo

pytestmark = pytest.mark.integration


def census(db: Database) -> list[dict[str, Any]]:
    records, _, _ = db.driver.execute_query(fixture_cypher("database_census"), database_=db.database)
    return [record.data() for record in records]


def test_the_warm_up_scans_real_code_and_leaves_nothing_behind(db: Database, repo_id: str, tmp_path: Path) -> None:
    write_python_repo(tmp_path)
    assert not isinstance(scans.scan(db, tmp_path, repo_id, None, naming="heuristic", actor=OWNER), VersionConflict)
    other, everything, projections = snapshot(db, repo_id), census(db), projection_names(db)

    done = warm_up(db)

    assert done.scans == SCANS >= 2
    assert done.files >= len(list(Path(rooms.__file__).parent.rglob("*.py"))), "each scan read the package"
    assert snapshot(db, repo_id) == other
    assert census(db) == everything
    assert projection_names(db) == projections
