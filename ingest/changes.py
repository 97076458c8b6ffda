"""Whether a tree's edits since a scan leave that scan's code graph as it was.

Most edits change no node or edge: a comment, a string, a formatted line, a body whose calls stay the same.
``survey_tree`` lists the tree and hashes every file; ``neutral_edits(survey, stored)`` parses only the
files whose content changed. It returns their new parses (``Edits``) when every such file parses to the graph it
had (``same_graph``) and no file came or went; else None, and a full scan is due: ``scan_tree(..., survey=...)``
then lists and reads no file again and parses none of those parsed here a second time.

Resolution reads nothing of what may differ then (sizes, hashes, line numbers), so a full scan would give the
same nodes and edges; only the edited files' records and their symbols' lines are new. The parses run in this
process: past ``PARALLEL_THRESHOLD`` changed files, the full scan's parse workers are the faster way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from ingest.parse import PARSER_VERSION, FileParse
from ingest.records import SkippedEntry
from ingest.survey import Survey
from ingest.tree_scan import PARALLEL_THRESHOLD


class StoredFile(NamedTuple):
    """A file as a scan stored it: its language, content hash and parse (``FileParse.to_json_text``)."""

    language: str
    sha256: str
    parse: str


@dataclass(frozen=True)
class Edits:
    """Edits that change no node or edge: the edited files' new parses, and the files the scan skips."""

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


def neutral_edits(surveyed: Survey, stored: Mapping[str, StoredFile]) -> Edits | None:
    """The edits since the scan that ``stored`` (its files, by path) when none changes the code graph, else
    None. The files parsed to tell are kept in ``surveyed.parsed``."""
    found = {candidate.path: candidate for candidate in surveyed.discovery.candidates}
    kept = {path for path, read in surveyed.read.items() if not isinstance(read, SkippedEntry)}
    if kept != stored.keys() or any(found[path].language != file.language for path, file in stored.items()):
        return None  # a file came, went, is skipped now, or is read as another language
    changed = sorted(path for path in kept if surveyed.read[path] != stored[path].sha256)
    if len(changed) > PARALLEL_THRESHOLD:
        return None  # so many are the full scan's to parse, in its worker processes
    edited: list[FileParse] = []
    for path in changed:
        after = surveyed.parse(found[path])
        if after is None or not _same_as_stored(stored[path].parse, after):
            return None
        edited.append(after)
    skipped = [read for read in surveyed.read.values() if isinstance(read, SkippedEntry)]
    return Edits(tuple(edited), (*surveyed.discovery.skipped, *skipped))


def _same_as_stored(text: str, after: FileParse) -> bool:
    try:
        before = FileParse.from_json_text(text)
    except (ValueError, KeyError, TypeError):
        return False  # written by another version
    return before.parser_version == PARSER_VERSION and same_graph(before, after)
