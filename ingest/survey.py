"""A look at a tree before it is scanned: its files listed, each read and hashed, some parsed.

``survey_tree(root, options, progress)`` is what a scan does first. ``ingest.changes.neutral_edits`` tells from it
whether a rescan may keep its map, and ``scan_tree(..., survey=...)`` goes on from it, reading no file twice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ingest.discovery import Candidate, Discovery, discover, read_candidate
from ingest.options import ScanOptions
from ingest.parse import FileParse, parse_file
from ingest.records import SkippedEntry

if TYPE_CHECKING:
    from ingest.tree_scan import ScanProgress


@dataclass(frozen=True)
class Survey:
    """The tree listed (``discovery``) and each file read: its content hash, or why it is skipped (``read``),
    by path; ``parsed``: the files parsed since, by path."""

    root: Path
    options: ScanOptions
    discovery: Discovery
    read: dict[str, str | SkippedEntry]
    parsed: dict[str, FileParse]

    def parse(self, candidate: Candidate) -> FileParse | None:
        """The file parsed (and kept in ``parsed``); None when it is skipped now."""
        data = read_candidate(self.root, candidate, self.options)
        if isinstance(data, SkippedEntry):
            return None
        parsed = self.parsed[candidate.path] = parse_file(candidate.path, candidate.language, data)
        return parsed


def survey_tree(root: Path, options: ScanOptions, progress: ScanProgress) -> Survey:
    """The tree listed, and every file read and hashed. Told ``progress`` as ``scan_tree`` tells it."""
    progress("discovering", 0, 0)
    discovery = discover(root, options)
    total = len(discovery.candidates)
    progress("parsing", 0, total)
    read: dict[str, str | SkippedEntry] = {}
    for done, candidate in enumerate(discovery.candidates, 1):
        data = read_candidate(root, candidate, options)
        read[candidate.path] = data if isinstance(data, SkippedEntry) else hashlib.sha256(data).hexdigest()
        progress("parsing", done, total)
    return Survey(root, options, discovery, read, {})
