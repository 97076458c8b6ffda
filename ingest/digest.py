"""Per-file digests of a scan: what an incremental load compares to know which files to rewrite.

A file's digest covers everything the file contributes to the graph: its record, and through it its symbols
and their DEFINES and CONTAINS edges, and the edges resolution made from it. Those symbols and structural
edges are not hashed one by one: they are a function of the file's parse (``assemble.file_graph``), and the
parse one of its path, language and content (``sha256``) and of ``PARSER_VERSION``, which the digest
covers, as the scan's parse cache relies on too. Hashing them again would be most of the digests' work, on
the main process's interpreter at the end of a load. An unchanged
file whose outgoing edges changed (because another file appeared, vanished or changed) gets a new digest,
and is rewritten.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Collection

from ingest.parse.model import PARSER_VERSION
from ingest.records import STRUCTURAL_EDGE_KINDS, EdgeRecord, ScanResult


def file_digests(result: ScanResult, paths: Collection[str] | None = None) -> dict[str, str]:
    """path -> hex digest, for every file of ``result`` (or those of ``paths``)."""
    if paths is not None and not paths:
        return {}
    wanted = (lambda _path: True) if paths is None else paths.__contains__
    edges: dict[str, list[EdgeRecord]] = defaultdict(list)
    for e in result.edges:
        if e.kind not in STRUCTURAL_EDGE_KINDS and wanted(e.origin):
            edges[e.origin].append(e)
    # Each line is the repr of a tuple of the fields, written out: cheaper than making the tuple.
    digests = {}
    for f in result.files:
        if not wanted(f.path):
            continue
        lines = [f"({f.id!r}, {f.language!r}, {f.size!r}, {f.sha256!r}, {f.lines!r}, {PARSER_VERSION!r})"]
        lines += [
            f"({e.kind!r}, {e.source!r}, {e.target!r}, {e.ref_count!r}, {e.weight!r}, {e.confidence!r})"
            for e in edges.get(f.path, ())
        ]
        digests[f.path] = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    return digests
