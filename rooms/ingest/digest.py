"""Per-file digests of a scan: what an incremental load compares to know which files to rewrite.

A file's digest covers everything the file contributes to the graph: its record, its symbols and
the edges it originates. An unchanged file whose outgoing edges changed (because another file
appeared, vanished or changed) therefore gets a new digest too, and is rewritten.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from rooms.ingest.records import ScanResult


def file_digests(result: ScanResult) -> dict[str, str]:
    """path -> hex digest, for every file of ``result``."""
    parts: dict[str, list[str]] = defaultdict(list)
    for file in result.files:
        parts[file.path].append(repr((file.id, file.language, file.size, file.sha256, file.lines)))
    for symbol in result.symbols:
        parts[symbol.path].append(repr((symbol.id, symbol.name, symbol.qualified_name, symbol.start_line,
                                        symbol.end_line)))
    for edge in result.edges:
        parts[edge.origin].append(repr((edge.kind, edge.source, edge.target, edge.count, edge.weight,
                                        edge.confidence)))
    return {
        path: hashlib.sha256("\n".join(lines).encode()).hexdigest()
        for path, lines in sorted(parts.items())
    }
