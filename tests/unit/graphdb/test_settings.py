from __future__ import annotations

from pathlib import Path

import pytest

from graphdb.connection import resolve_target
from graphdb.errors import NoDatabaseConfigured
from graphdb.runtime.instance import heap_options
from graphdb.settings import DbSettings


def test_external_neo4j_variables_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CODEROOMS_HOME", str(tmp_path))
    monkeypatch.setenv("NEO4J_URI", "neo4j+s://example.databases.neo4j.io")
    monkeypatch.setenv("NEO4J_USER", "alice")
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret")
    monkeypatch.setenv("NEO4J_DATABASE", "maps")
    target = resolve_target(DbSettings())
    assert (target.uri, target.user, target.password, target.database, target.source) == (
        "neo4j+s://example.databases.neo4j.io",
        "alice",
        "s3cret",
        "maps",
        "external",
    )


def test_no_database_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("CODEROOMS_HOME", str(tmp_path))
    with pytest.raises(NoDatabaseConfigured, match="coderooms db start"):
        resolve_target(DbSettings())


def test_instance_names_are_restricted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEROOMS_INSTANCE", "../escape")
    with pytest.raises(ValueError):
        DbSettings()


@pytest.mark.parametrize(
    ("heap", "flags"),
    [
        ("2g", ["-Xms2g", "-Xmx2g", "-Xmn1024m"]),
        ("1536m", ["-Xms1536m", "-Xmx1536m", "-Xmn768m"]),
        ("1g", ["-Xms1g", "-Xmx1g", "-Xmn512m"]),
    ],
)
def test_half_the_local_server_heap_is_its_young_generation(heap: str, flags: list[str]) -> None:
    assert heap_options(heap) == flags


@pytest.mark.parametrize("value", ["10m", "64m", "1g", "12g"])
def test_transaction_memory_takes_what_neo4j_takes(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("CODEROOMS_NEO4J_TRANSACTION_MEMORY", value)
    assert DbSettings().neo4j_transaction_memory == value


@pytest.mark.parametrize("value", ["9m", "0m", "0g", "64", "1.5g", "64mb"])
def test_transaction_memory_below_neo4j_s_minimum_or_malformed_is_refused(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("CODEROOMS_NEO4J_TRANSACTION_MEMORY", value)
    with pytest.raises(ValueError):
        DbSettings()
