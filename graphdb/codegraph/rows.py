"""The positional rows the loader's statements take (lists: cheaper to encode than maps).

Structural relationships (DEFINES, CONTAINS) are 1, 1.0 and 1.0 by construction: their rows carry no
count, weight or confidence, and none is stored. A new file's row holds its symbols and the relationships
among them, so that one statement creates it all without a lookup.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from ingest import EdgeRecord, FileParse, FileRecord, SymbolRecord
from ingest.assemble import FileGraph
from ingest.records import STRUCTURAL_EDGE_KINDS, file_id

# edge kind -> the codegraph_write_relationships list of its rows (the relationship type is literal in the
# statement). DEFINES is written with the symbols it points at (no lookups of its own).
RELATIONSHIP_LISTS = {
    "CONTAINS": "contains",
    "IMPORTS": "imports",
    "CALLS": "calls",
    "INHERITS": "inherits",
    "USES_PACKAGE": "uses_package",
}

# relationship kinds written by codegraph_create_files between the symbols of one file: row index of each
_CREATED_EDGE_COLUMNS = {"CONTAINS": 8, "CALLS": 9, "INHERITS": 10}


def file_row(record: FileRecord, parse_json: str | None = None) -> list[Any]:
    """[id, path, language, size, sha256, lines, parse JSON or None]."""
    return [*record, parse_json]


def symbols_by_file(symbols: Sequence[SymbolRecord]) -> list[list[Any]]:
    """[[file id, [[id, path, kind, name, qualified name, start line, end line] ...]] ...]: each file's symbols,
    which the file DEFINES (a structural relationship: no properties to send)."""
    grouped: dict[str, list[list[Any]]] = defaultdict(list)
    for s in symbols:
        grouped[s.path].append(list(s))
    return [[file_id(path), rows] for path, rows in grouped.items()]


def structure_row(parse: FileParse, parse_json: str | None, graph: FileGraph) -> list[Any]:
    """The codegraph_create_files row of a new file with what its parse alone gives: the file, its symbols
    with DEFINES, and CONTAINS (CALLS and INHERITS come from resolution)."""
    record, symbols, structure = graph
    position = {symbol.id: index for index, symbol in enumerate(symbols)}
    contains = [relationship_row(position[edge.source], position[edge.target], edge) for edge in structure]
    return [
        *file_row(record, parse_json or parse.to_json_text()),
        [list(symbol) for symbol in symbols],
        contains,
        [],
        [],
    ]


def created_file_rows(
    files: Sequence[list[Any]], symbols: Sequence[list[Any]], relationships: Sequence[EdgeRecord]
) -> tuple[list[list[Any]], list[EdgeRecord]]:
    """Rows of codegraph_create_files for new files (file rows, and their symbol rows as symbols_by_file
    groups them), and the relationships left for codegraph_write_relationships: those that do not join two
    symbols of one new file."""
    if not files:
        return [], list(relationships)
    rows = {row[0]: [*row, [], [], [], []] for row in files}
    position: dict[str, tuple[list[Any], int]] = {}  # symbol id -> (its file's row, index in the file's symbols)
    for key, file_symbols in symbols:
        row = rows[key]
        row[7] = file_symbols
        for index, symbol in enumerate(file_symbols):
            position[symbol[0]] = (row, index)
    rest = []
    for edge in relationships:
        column = _CREATED_EDGE_COLUMNS.get(edge.kind)
        if column is None:
            rest.append(edge)
            continue
        source, target = position.get(edge.source), position.get(edge.target)
        if source is None or target is None or source[0] is not target[0]:
            rest.append(edge)
            continue
        source[0][column].append(relationship_row(source[1], target[1], edge))
    return list(rows.values()), rest


def relationship_row(source: Any, target: Any, edge: EdgeRecord) -> list[Any]:
    """A relationship's row: its ends (element ids, or symbol positions in a created file's row),
    then the edge's count, weight and confidence; a structural edge (CONTAINS) has its ends only."""
    if edge.kind in STRUCTURAL_EDGE_KINDS:
        return [source, target]
    return [source, target, edge.ref_count, edge.weight, edge.confidence]


def relationship_rows(edges: Iterable[EdgeRecord], nodes: dict[str, str]) -> list[list[Any]]:
    """A codegraph_write_relationships list's rows (``relationship_row``) of ``edges``; an edge with an end
    that has no node is left out, as a lookup by key would leave it."""
    rows = []
    for edge in edges:
        source, target = nodes.get(edge.source), nodes.get(edge.target)
        if source is not None and target is not None:
            rows.append(relationship_row(source, target, edge))
    return rows


def edges_by_list(edges: Iterable[EdgeRecord]) -> dict[str, list[EdgeRecord]]:
    """``edges`` by the codegraph_write_relationships list their rows go in."""
    lists: dict[str, list[EdgeRecord]] = defaultdict(list)
    for edge in edges:
        lists[RELATIONSHIP_LISTS[edge.kind]].append(edge)
    return lists
