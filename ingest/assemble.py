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
    structure: list[EdgeRecord]  # DEFINES and CONTAINS


def file_graph(parse: FileParse) -> FileGraph:
    """The record, symbols and DEFINES and CONTAINS edges of one file."""
    own_file = file_id(parse.path)
    ids = {s.qualified_name: symbol_id(parse.path, s.kind, s.qualified_name) for s in parse.symbols}
    symbols: list[SymbolRecord] = []
    structure: list[EdgeRecord] = []
    for symbol in parse.symbols:
        own_id = ids[symbol.qualified_name]
        symbols.append(
            SymbolRecord(
                own_id, parse.path, symbol.kind, symbol.name, symbol.qualified_name, symbol.start_line, symbol.end_line
            )
        )
        structure.append(EdgeRecord(EdgeKind.DEFINES.value, own_file, own_id, 1, 1.0, 1.0, parse.path))
        if symbol.parent in ids:
            structure.append(EdgeRecord(EdgeKind.CONTAINS.value, ids[symbol.parent], own_id, 1, 1.0, 1.0, parse.path))
    return FileGraph(
        FileRecord(own_file, parse.path, parse.language, parse.size, parse.sha256, parse.lines), symbols, structure
    )


def assemble(
    parses: Mapping[str, FileParse],
    resolution: Resolution,
    skipped: Iterable[SkippedEntry],
    *,
    files_parsed: int,
    files_reused: int,
    graphs: Mapping[str, FileGraph] | None = None,
) -> ScanResult:
    """``graphs``: the ``file_graph`` of parses, where made already."""
    ordered = [parses[path] for path in sorted(parses)]
    files: list[FileRecord] = []
    symbols: list[SymbolRecord] = []
    structure: list[EdgeRecord] = []
    for parse in ordered:
        graph = graphs.get(parse.path) if graphs is not None else None
        record, file_symbols, file_structure = graph or file_graph(parse)
        files.append(record)
        symbols.extend(file_symbols)
        structure.extend(file_structure)
    # By (kind, source, target), which no two edges share (resolution collapses its repeats; a file's DEFINES and
    # CONTAINS end at distinct symbols): the records sort as they are, with no key made per edge, which was most
    # of the sort's cost.
    edges = tuple(sorted((*structure, *resolution.edges)))
    skipped_entries = tuple(sorted(set(skipped), key=lambda e: (e.path, e.reason)))
    issues: list[FileIssue] = [issue for parse in ordered for issue in parse.issues]
    report = ScanReport(
        files_by_language=dict(sorted(Counter(p.language for p in ordered).items())),
        skipped_by_reason=dict(sorted(Counter(e.reason for e in skipped_entries).items())),
        skipped=skipped_entries,
        issues=tuple(sorted(issues, key=lambda i: (i.path, i.kind, i.detail))),
        symbols=len(symbols),
        edges_by_kind=dict(sorted(Counter(str(e.kind) for e in edges).items())),
        references=resolution.references,
        files_parsed=files_parsed,
        files_reused=files_reused,
    )
    return ScanResult(
        files=tuple(files),
        symbols=tuple(sorted(symbols, key=lambda s: s.id)),
        edges=edges,
        packages=resolution.packages,
        report=report,
        parses=dict(sorted(parses.items())),
    )
