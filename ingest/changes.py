"""Whether a tree's edits since a scan leave that scan's code graph as it was.

Most edits change no node or edge: a comment, a string, a formatted line, a body whose calls stay the same.
``edits_since(root, options, stored)`` reads and hashes the tree and parses only the files whose content
changed. It returns their new parses (``Edits``) when every such file parses to the graph it had
(``same_graph``) and no file came or went; else None, as soon as it knows, and a full scan is due.

Resolution reads nothing of what may differ then (sizes, hashes, line numbers), so a full scan would give the
same nodes and edges; only the edited files' records and their symbols' lines are new. The parses run in this
process: past ``PARALLEL_THRESHOLD`` changed files, the full scan's parse workers are the faster way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ingest.discovery import Candidate, discover, read_candidate
from ingest.options import ScanOptions
from ingest.parse import PARSER_VERSION, FileParse, parse_file
from ingest.records import SkippedEntry
from ingest.tree_scan import PARALLEL_THRESHOLD, ScanProgress


class StoredFile(NamedTuple):
    """A file as a scan stored it: its language, content hash and parse (``FileParse.to_json_text``)."""

    language: str
    sha256: str
    parse: str


@dataclass(frozen=True)
class Edits:
    """Edits that change no node or edge: the edited files' new parses, by path, and what discovery skipped."""

    parses: tuple[FileParse, ...]
    skipped: tuple[SkippedEntry, ...]


def same_graph(before: FileParse, after: FileParse) -> bool:
    """Whether two parses of a file give the same nodes and edges: all but sizes, hashes and line numbers."""
    return _graph_key(before) == _graph_key(after)


def _graph_key(parse: FileParse) -> tuple[Any, ...]:
    return (
        parse.path,
        parse.language,
        parse.parser_version,
        tuple((s.kind, s.name, s.qualified_name, s.parent) for s in parse.symbols),
        parse.references,
        tuple((i.specifier, i.form, i.level, i.names) for i in parse.imports),
        parse.namespaces,
        parse.manifest,
        parse.issues,
    )


def edits_since(
    root: Path, options: ScanOptions, stored: Mapping[str, StoredFile], progress: ScanProgress
) -> Edits | None:
    """The tree's edits since the scan that ``stored`` (its files, by path) when none changes the code graph,
    else None. Told ``progress`` as ``scan_tree`` tells it."""
    progress("discovering", 0, 0)
    discovery = discover(root, options)
    found = {candidate.path: candidate.language for candidate in discovery.candidates}
    if any(found.get(path) != file.language for path, file in stored.items()):
        return None  # a file of the graph is gone, or read as another language
    total = len(discovery.candidates)
    progress("parsing", 0, total)
    skipped = list(discovery.skipped)
    changed: list[Candidate] = []
    for done, candidate in enumerate(discovery.candidates, 1):
        data = read_candidate(root, candidate, options)
        before = stored.get(candidate.path)
        if isinstance(data, SkippedEntry):
            if before is not None:
                return None  # a file of the graph is skipped now
            skipped.append(data)  # as the scan before skipped it
        elif before is None:
            return None  # a new file
        elif hashlib.sha256(data).hexdigest() != before.sha256:
            changed.append(candidate)
            if len(changed) > PARALLEL_THRESHOLD:
                return None  # so many are the full scan's to parse, in its worker processes
        progress("parsing", done, total)
    edited: list[FileParse] = []
    for candidate in changed:
        data = read_candidate(root, candidate, options)
        if isinstance(data, SkippedEntry):
            return None
        after = parse_file(candidate.path, candidate.language, data)
        if not _same_as_stored(stored[candidate.path].parse, after):
            return None
        edited.append(after)
    return Edits(tuple(edited), tuple(skipped))


def _same_as_stored(text: str, after: FileParse) -> bool:
    try:
        before = FileParse.from_json_text(text)
    except (ValueError, KeyError, TypeError):
        return False  # written by another version
    return before.parser_version == PARSER_VERSION and same_graph(before, after)
