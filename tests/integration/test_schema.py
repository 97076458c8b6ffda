"""`Database.apply_schema` runs nothing when the schema is in place, and restores what is missing."""

from __future__ import annotations

import pytest

from graphdb.database import Database
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration


def _names(db: Database) -> dict[str, str | None]:
    """Every index name -> the constraint owning it."""
    return {str(row["name"]): row["owning_constraint"] for row in db.rows("show_indexes")}


def test_a_schema_in_place_runs_nothing(db: Database) -> None:
    db.apply_schema()
    assert db.apply_schema() == []


def test_a_missing_index_and_constraint_are_created_again(db: Database) -> None:
    db.apply_schema()
    db.driver.execute_query(fixture_cypher("schema_drop_index"), name="file_repo", database_=db.database)
    db.driver.execute_query(fixture_cypher("schema_drop_constraint"), name="token_hash", database_=db.database)
    assert "file_repo" not in _names(db) and "token_hash" not in _names(db)
    applied = db.apply_schema()
    assert "schema_06_file_repo" in applied and applied[-1] == "schema_99_await_indexes"
    indexes = _names(db)
    assert "file_repo" in indexes and indexes["token_hash"] == "token_hash"
    assert {row["state"] for row in db.rows("show_indexes")} == {"ONLINE"}
    assert db.apply_schema() == []
