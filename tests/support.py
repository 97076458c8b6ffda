"""Helpers shared by tests."""

from __future__ import annotations

from pathlib import Path

FIXTURE_CYPHER = Path(__file__).parent / "cypher"


def fixture_cypher(name: str) -> str:
    """A fixture-data statement from ``tests/cypher/`` (tests keep their Cypher in files too)."""
    return (FIXTURE_CYPHER / f"{name}.cypher").read_text(encoding="utf-8")
