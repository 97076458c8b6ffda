"""Per-file digests of a scan: what an incremental load compares to know which files to rewrite.

A file's digest covers everything the file contributes to the graph: its record, its symbols and
the edges it originates. An unchanged file whose outgoing edges changed (because another file
appeared, vanished or changed) therefore gets a new digest too, and is rewritten.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Collection

from rooms.ingest.records import EdgeRecord, FileRecord, ScanResult, SymbolRecord


def file_digests(result: ScanResult, paths: Collection[str] | None = None) -> dict[str, str]:
    """path -> hex digest, for every file of ``result`` (or those of ``paths``)."""
    if paths is not None and not paths:
        return {}
    wanted = (lambda _path: True) if paths is None else paths.__contains__
    files: dict[str, list[FileRecord]] = defaultdict(list)
    symbols: dict[str, list[SymbolRecord]] = defaultdict(list)
    edges: dict[str, list[EdgeRecord]] = defaultdict(list)
    for f in result.files:
        if wanted(f.path):
            files[f.path].append(f)
    for s in result.symbols:
        if wanted(s.path):
            symbols[s.path].append(s)
    for e in result.edges:
        if wanted(e.origin):
            edges[e.origin].append(e)
    # One file's lines at a time (all files' at once are a large tree's biggest transient); each line is the
    # repr of a tuple of the fields, written out (a third cheaper than making the tuple).
    digests = {}
    for path in sorted(files.keys() | symbols.keys() | edges.keys()):
        lines = [f"({f.id!r}, {f.language!r}, {f.size!r}, {f.sha256!r}, {f.lines!r})" for f in files.get(path, ())]
        lines += [f"({s.id!r}, {s.name!r}, {s.qualified_name!r}, {s.start_line!r}, {s.end_line!r})"
                  for s in symbols.get(path, ())]
        lines += [f"({e.kind!r}, {e.source!r}, {e.target!r}, {e.count!r}, {e.weight!r}, {e.confidence!r})"
                  for e in edges.get(path, ())]
        digests[path] = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    return digests
