"""What a sync changes: the rows of its writes, worked out from the scan and the stored digests.

Files with an unchanged digest are not touched; vanished files go with their symbols; changed files have
their outgoing relationships cleared and rewritten. Files with no node yet are created, not merged: no index
seek or lookup at all, as nothing of theirs can be there.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from graphdb.codegraph.early_writes import Told
from graphdb.codegraph.rows import created_file_rows, file_row, symbols_by_file
from ingest import EdgeRecord, ScanResult
from ingest.records import file_id


@dataclass(frozen=True)
class Plan:
    """The rows of a sync's writes but the digests (see ``plan_changes``)."""

    vanished: list[str]  # file ids to delete
    cleared: list[list[Any]]  # codegraph_clear_file_edges rows of rewritten files
    created: list[list[Any]]  # codegraph_create_files rows
    files: list[list[Any]]  # codegraph_upsert_files rows
    symbols: list[list[Any]]  # codegraph_upsert_symbols rows
    packages: list[list[Any]]
    relationships: list[EdgeRecord]  # written by codegraph_write_relationships, once their ends' ids are known
    figures: dict[str, int]  # the Repo node's figures (codegraph_repo_finish)


def plan_changes(
    result: ScanResult,
    stored: dict[str, str | None],
    changed: set[str],
    vanished: list[str],
    *,
    create: bool,
    told: Told | None,
) -> Plan:
    """What a sync writes besides what the early writes were told: vanished files deleted, changed ones and
    their relationships written."""
    cleared = []
    if rewritten := sorted(path for path in changed if path in stored):
        file_symbols: dict[str, list[str]] = defaultdict(list)
        for symbol in result.symbols:
            file_symbols[symbol.path].append(symbol.id)
        cleared = [[file_id(path), file_symbols.get(path, [])] for path in rewritten]

    early = told.paths if told is not None else frozenset()
    new = {path for path in changed if path not in stored and path not in early} if create else set()
    files = [
        file_row(f, result.parses[f.path].to_json_text())
        for f in result.files
        if f.path in changed and f.path not in early
    ]
    symbols = symbols_by_file([s for s in result.symbols if s.path in changed and s.path not in early])
    # A created file's CONTAINS came with it, and of its resolved edges the early writes left these.
    relationships = [edge for edge in result.edges if edge.origin in changed and edge.origin not in early]
    if told is not None:
        relationships += sorted(told.unwritten)
    new_ids = {file_id(path) for path in new}
    created, relationships = created_file_rows(
        [row for row in files if row[0] in new_ids], [row for row in symbols if row[0] in new_ids], relationships
    )
    return Plan(
        vanished=[file_id(path) for path in vanished],
        cleared=cleared,
        created=created,
        files=[row for row in files if row[0] not in new_ids],
        symbols=[row for row in symbols if row[0] not in new_ids],
        packages=[[p.id, p.ecosystem, p.name] for p in result.packages],
        relationships=relationships,
        figures={
            "files": len(result.files),
            "symbols": len(result.symbols),
            "relationships": len(result.edges) + len(result.symbols),  # each symbol's DEFINES
            "packages": len(result.packages),
        },
    )


def planned_keys(plan: Plan) -> set[str]:
    """The keys of the nodes ``plan`` writes (the early writes' are not among them)."""
    keys: set[str] = set()
    for row in plan.created:
        keys.add(row[0])
        keys.update(symbol[0] for symbol in row[7])
    keys.update(row[0] for row in plan.files)
    for _file, symbols in plan.symbols:
        keys.update(symbol[0] for symbol in symbols)
    keys.update(package[0] for package in plan.packages)
    return keys
