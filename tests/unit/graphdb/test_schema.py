"""`graphdb.schema.in_place`: when one ``SHOW INDEXES`` says the schema statements would change nothing."""

from __future__ import annotations

from graphdb import schema
from graphdb.database import SCHEMA_PREFIX
from graphdb.queries import names, query

STATEMENTS = [query(name) for name in names() if name.startswith(SCHEMA_PREFIX)]


def _index(name: str, owner: str | None = None, state: str = "ONLINE") -> dict[str, str | None]:
    return {"name": name, "state": state, "owning_constraint": owner}


def _everything() -> list[dict[str, str | None]]:
    rows = [_index("index_343aff4e")]  # a token lookup index of the database, not ours
    for statement in STATEMENTS:
        kind, name = schema.created(statement) or ("", "")
        if kind == "CONSTRAINT":
            rows.append(_index(name, owner=name))
        elif kind == "INDEX":
            rows.append(_index(name))
    return rows


def test_every_schema_statement_can_be_checked() -> None:
    """A statement of another form would make every start-up run them all."""
    kinds = [schema.created(statement) for statement in STATEMENTS]
    assert None not in kinds
    assert kinds[-1] == (schema.AWAIT, "") and ("CONSTRAINT", "file_key") in kinds and ("INDEX", "file_repo") in kinds


def test_in_place_when_every_constraint_and_index_is_online() -> None:
    assert schema.in_place(STATEMENTS, _everything())


def test_not_in_place_when_one_is_missing_or_not_online() -> None:
    rows = _everything()
    for i, row in enumerate(rows[1:], start=1):
        assert not schema.in_place(STATEMENTS, rows[:i] + rows[i + 1 :]), row["name"]
    assert not schema.in_place(STATEMENTS, [*rows[:-1], {**rows[-1], "state": "POPULATING"}])
    assert not schema.in_place(STATEMENTS, [*rows, _index("someone_elses", state="POPULATING")]), "awaited too"


def test_a_plain_index_is_not_the_constraint_of_the_same_name() -> None:
    rows = [_index(str(r["name"])) if r["name"] == "file_key" else r for r in _everything()]
    assert not schema.in_place(STATEMENTS, rows)


def test_a_statement_of_another_form_is_always_run() -> None:
    assert schema.created("// a comment\nCREATE INDEX file_repo IF NOT EXISTS FOR (f:File) ON (f.repo_id)") == (
        "INDEX",
        "file_repo",
    )
    assert schema.created("DROP INDEX old_one IF EXISTS") is None
    assert not schema.in_place([*STATEMENTS, "DROP INDEX old_one IF EXISTS"], _everything())
