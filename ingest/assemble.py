"""From per-file parses and their resolution to the sorted records and report of a ``ScanResult``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from ingest.parse.model import FileParse
from ingest.records import (
    EdgeKind,
    EdgeRecord,
    FileIssue,
    FileRecord,
    ScanReport,
    ScanResult,
    SkippedEntry,
    SymbolRecord,
    file_id,
    symbol_id,
)
from ingest.resolve import Resolution


class FileGraph(NamedTuple):
    """What one file contributes without resolution."""

    record: FileRecord
    symbols: list[SymbolRecord]
    structure: list[EdgeRecord]  # CONTAINS (a symbol's DEFINES is its path: see ``ScanResult.edges``)


_DEFINES, _CONTAINS = EdgeKind.DEFINES.value, EdgeKind.CONTAINS.value


def file_graph(parse: FileParse) -> FileGraph:
    """The record, symbols and CONTAINS edges of one file."""
    path = parse.path
    ids = {s.qualified_name: symbol_id(path, s.kind, s.qualified_name) for s in parse.symbols}
    # _make: faster than the records' keyword-taking constructors, for what a large tree makes millions of.
    make_symbol, make_edge = SymbolRecord._make, EdgeRecord._make
    symbols: list[SymbolRecord] = []
    structure: list[EdgeRecord] = []
    for kind, name, qualified_name, start_line, end_line, parent in parse.symbols:
        own_id = ids[qualified_name]
        symbols.append(make_symbol((own_id, path, kind, name, qualified_name, start_line, end_line)))
        parent_id = ids.get(parent)
        if parent_id is not None:
            structure.append(make_edge((_CONTAINS, parent_id, own_id, 1, 1.0, 1.0, path)))
    return FileGraph(
        FileRecord(file_id(path), path, parse.language, parse.size, parse.sha256, parse.lines), symbols, structure
    )


def assemble(
    parses: Mapping[str, FileParse],
    resolution: Resolution,
    skipped: Iterable[SkippedEntry],
    *,
    files_parsed: int,
    files_reused: int,
) -> ScanResult:
    """The records are made again from the parses (``file_graph``): a scan does not hold them while it resolves."""
    ordered = [parses[path] for path in sorted(parses)]
    files: list[FileRecord] = []
    symbols: list[SymbolRecord] = []
    edges: list[EdgeRecord] = []  # CONTAINS, then resolution's
    for parse in ordered:
        record, file_symbols, file_structure = file_graph(parse)
        files.append(record)
        symbols.extend(file_symbols)
        edges.extend(file_structure)
    # By (kind, source, target), which no two edges share (resolution collapses its repeats; a file's CONTAINS end
    # at distinct symbols): the records sort as they are, with no key made per edge, which was most
    # of the sort's cost.
    edges += resolution.edges
    edges.sort()
    symbols.sort()  # by id, which is first and unique
    skipped_entries = tuple(sorted(set(skipped), key=lambda e: (e.path, e.reason)))
    issues: list[FileIssue] = [issue for parse in ordered for issue in parse.issues]
    edges_by_kind = Counter(str(e.kind) for e in edges)
    if symbols:
        edges_by_kind[_DEFINES] = len(symbols)  # one per symbol, not among the records
    report = ScanReport(
        files_by_language=dict(sorted(Counter(p.language for p in ordered).items())),
        skipped_by_reason=dict(sorted(Counter(e.reason for e in skipped_entries).items())),
        skipped=skipped_entries,
        issues=tuple(sorted(issues, key=lambda i: (i.path, i.kind, i.detail))),
        symbols=len(symbols),
        edges_by_kind=dict(sorted(edges_by_kind.items())),
        references=resolution.references,
        files_parsed=files_parsed,
        files_reused=files_reused,
    )
    return ScanResult(
        files=tuple(files),
        symbols=tuple(symbols),
        edges=tuple(edges),
        packages=resolution.packages,
        report=report,
        parses=dict(sorted(parses.items())),
    )
