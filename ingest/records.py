"""The graph a scan produces: File, Symbol and Package nodes, typed edges, and the scan report.

Ids are stable across scans: ``file::<path>``, ``<path>::<kind>::<qualified name>`` and
``package::<ecosystem>::<name>``. Every collection is sorted, so two scans of the same tree
compare equal (timings and cache statistics are excluded from equality). Nodes and edges are
NamedTuples: a large tree has hundreds of thousands, and a tuple is made several times faster
than a frozen dataclass.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from sys import intern
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ingest.parse.model import FileParse


class SymbolKind(StrEnum):
    CLASS = "class"
    STRUCT = "struct"
    INTERFACE = "interface"
    ENUM = "enum"
    FUNCTION = "function"
    METHOD = "method"
    MODULE = "module"
    TRAIT = "trait"


class EdgeKind(StrEnum):
    DEFINES = "DEFINES"  # file -> every symbol it defines (not in ScanResult.edges: see there)
    CONTAINS = "CONTAINS"  # symbol -> directly nested symbol
    IMPORTS = "IMPORTS"  # file -> file
    CALLS = "CALLS"  # symbol (or file, for top-level code) -> symbol
    INHERITS = "INHERITS"  # symbol -> symbol (extends, implements, mixins, trait impls)
    USES_PACKAGE = "USES_PACKAGE"  # file -> package


# Each edge of these kinds is one definition or one nesting: its count is 1 and its weight and confidence 1.0,
# always. The code graph in Neo4j stores them without properties (``graphdb.codegraph``).
STRUCTURAL_EDGE_KINDS = frozenset({EdgeKind.DEFINES.value, EdgeKind.CONTAINS.value})


# An id is made again wherever it is needed (the records, each edge's ends, resolution's symbol table):
# interned, all the copies of one id are one string, which a large tree's memory feels.
def file_id(path: str) -> str:
    return intern(f"file::{path}")


def symbol_id(path: str, kind: str, qualified_name: str) -> str:
    return intern(f"{path}::{kind}::{qualified_name}")


def package_id(ecosystem: str, name: str) -> str:
    return intern(f"package::{ecosystem}::{name}")


class FileRecord(NamedTuple):
    id: str
    path: str
    language: str
    size: int
    sha256: str
    lines: int


class SymbolRecord(NamedTuple):
    id: str
    path: str
    kind: str
    name: str
    qualified_name: str
    start_line: int
    end_line: int


class PackageRecord(NamedTuple):
    id: str
    ecosystem: str
    name: str


class EdgeRecord(NamedTuple):
    """One relationship; ``ref_count`` references collapsed into it.

    ``weight`` is the sum of the collapsed references' confidences (three 0.5 guesses weigh 1.5),
    ``confidence`` the best of them. ``origin`` is the path of the file whose content produced the
    edge, which is what an incremental load replaces when that file changes.
    """

    kind: str
    source: str
    target: str
    ref_count: int  # not ``count``, which would shadow tuple.count
    weight: float
    confidence: float
    origin: str


@dataclass(frozen=True, slots=True)
class SkippedEntry:
    """A path discovery did not keep; a pruned directory is one entry ending in ``/``."""

    path: str
    reason: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class FileIssue:
    """Something wrong with a kept file (syntax error, bad encoding, unreadable manifest...)."""

    path: str
    kind: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ScanReport:
    files_by_language: Mapping[str, int]
    skipped_by_reason: Mapping[str, int]
    skipped: tuple[SkippedEntry, ...]
    issues: tuple[FileIssue, ...]
    symbols: int
    edges_by_kind: Mapping[str, int]
    # reference kind (import/call/inherit) -> outcome (resolved/package/stdlib/ambiguous/unresolved) -> count
    references: Mapping[str, Mapping[str, int]]
    timings: Mapping[str, float] = field(default_factory=dict, compare=False)
    files_parsed: int = field(default=0, compare=False)
    files_reused: int = field(default=0, compare=False)

    @property
    def unresolved_references(self) -> int:
        return sum(outcomes.get("unresolved", 0) for outcomes in self.references.values())


@dataclass(frozen=True, slots=True)
class ScanResult:
    files: tuple[FileRecord, ...]
    symbols: tuple[SymbolRecord, ...]
    # Every edge but DEFINES: each symbol has exactly one, from the file of its ``path``, which the graph stores
    # with the symbol. As records they were a third of a large tree's (the report counts them).
    edges: tuple[EdgeRecord, ...]
    packages: tuple[PackageRecord, ...]
    report: ScanReport
    # The cacheable per-file parse results, keyed by path; pass them to the next scan.
    parses: Mapping[str, FileParse]
