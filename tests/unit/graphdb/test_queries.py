from __future__ import annotations

import pytest

from graphdb.queries import names, query


def test_every_statement_loads_and_is_not_empty() -> None:
    catalog = names()
    assert "server_versions" in catalog
    for name in catalog:
        assert query(name).strip(), name


def test_statements_are_single_and_parameterised() -> None:
    for name in names():
        text = "\n".join(line for line in query(name).splitlines() if not line.lstrip().startswith("//"))
        assert ";" not in text.rstrip().rstrip(";"), f"{name}: one statement per file"
        assert "{{" not in text and "%s" not in text, f"{name}: no string templating in Cypher"


def test_unknown_statement_is_refused() -> None:
    with pytest.raises(KeyError, match="no Cypher statement named"):
        query("does_not_exist")
