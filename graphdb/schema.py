"""Is the schema already in place? Then `Database.apply_schema` need not run its statements.

Every ``schema_*`` statement creates one named constraint or index (``CREATE CONSTRAINT|INDEX name IF
NOT EXISTS ...``), except ``CALL db.awaitIndexes(...)``, which waits until every index is ONLINE. The
schema is in place when ``SHOW INDEXES`` lists each of those constraints (as the owner of its backing
index) and indexes, and every index of the database is ONLINE: running the statements would create
nothing and wait for nothing. A statement of any other form cannot be checked this way: the statements
are then always run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

_CREATE = re.compile(r"CREATE\s+(CONSTRAINT|INDEX)\s+(\w+)\s+IF\s+NOT\s+EXISTS\s", re.IGNORECASE)
_AWAIT = re.compile(r"CALL\s+db\.awaitIndexes\s*\(", re.IGNORECASE)
AWAIT = "await"


def created(statement: str) -> tuple[str, str] | None:
    """``("CONSTRAINT" | "INDEX", name)`` for a statement creating one, ``(AWAIT, "")`` for the wait,
    None for anything else."""
    text = "\n".join(line for line in statement.splitlines() if not line.lstrip().startswith("//")).strip()
    if match := _CREATE.match(text):
        return match.group(1).upper(), match.group(2)
    return (AWAIT, "") if _AWAIT.match(text) else None


def in_place(statements: Iterable[str], indexes: Iterable[Mapping[str, Any]]) -> bool:
    """Whether ``statements`` would change nothing, given the rows of ``show_indexes``."""
    present: set[tuple[str, str]] = set()
    for index in indexes:
        if index["state"] != "ONLINE":
            return False  # awaiting the indexes would wait (or fail)
        owner = index["owning_constraint"]
        present.add(("CONSTRAINT", str(owner)) if owner else ("INDEX", str(index["name"])))
    for statement in statements:
        target = created(statement)
        if target is None or (target[0] != AWAIT and target not in present):
            return False
    return True
