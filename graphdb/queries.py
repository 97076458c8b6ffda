"""The Cypher catalog: every statement lives in ``graphdb/cypher/<name>.cypher``.

Statements are loaded once through ``importlib.resources`` (they ship as package data) and
are only ever run with parameters; nothing in the code base formats input into Cypher.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import LiteralString

_PACKAGE = "graphdb.cypher"


@cache
def query(name: str) -> LiteralString:
    """Return the statement stored as ``graphdb/cypher/<name>.cypher``."""
    resource = resources.files(_PACKAGE).joinpath(f"{name}.cypher")
    if not resource.is_file():
        raise KeyError(f"no Cypher statement named {name!r}")
    # Shipped inside the package, so trusted as a literal statement (mypy reads LiteralString as str).
    return resource.read_text(encoding="utf-8").strip()


def names() -> list[str]:
    """Every statement name in the catalog, sorted."""
    return sorted(
        entry.name.removesuffix(".cypher")
        for entry in resources.files(_PACKAGE).iterdir()
        if entry.name.endswith(".cypher")
    )
