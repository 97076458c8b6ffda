"""What the candidate builder reads: plain data, so it runs (and is tested) without a database.

`services.candidate` fills a `CandidateInput` from Neo4j and the GDS run; tests write one by hand.
Paths are repo-relative POSIX file paths; community ids are whatever the algorithm returned (the builder
relabels them canonically, so only the grouping matters).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

NON_CODE_LANGUAGES = frozenset({"docs", "config", "other"})


@dataclass(frozen=True, slots=True)
class FileInfo:
    path: str
    language: str

    @property
    def is_code(self) -> bool:
        return self.language not in NON_CODE_LANGUAGES


@dataclass(frozen=True, slots=True)
class SymbolVote:
    """The symbols of ``path`` assigned to ``community``, with their summed weight."""

    path: str
    community: int
    weight: float


@dataclass(frozen=True, slots=True)
class FileEdge:
    """A file-level dependency: ``source`` uses ``target`` (imports, calls into or inherits from it)."""

    source: str
    target: str
    kind: str  # IMPORTS | CALLS | INHERITS
    weight: float


@dataclass(frozen=True, slots=True)
class PackageUse:
    """``path`` uses the manifest-declared third-party package ``name`` of ``ecosystem``."""

    path: str
    ecosystem: str
    name: str


@dataclass(frozen=True, slots=True)
class SymbolInfo:
    """A symbol worth naming a block after; ``weight`` ranks it (references to it, plus one)."""

    path: str
    name: str
    kind: str
    weight: float = 1.0


@dataclass(frozen=True)
class CandidateInput:
    repo_id: str
    files: tuple[FileInfo, ...]
    file_communities: Mapping[str, int] = field(default_factory=dict)
    symbol_votes: tuple[SymbolVote, ...] = ()
    edges: tuple[FileEdge, ...] = ()
    packages: tuple[PackageUse, ...] = ()
    symbols: tuple[SymbolInfo, ...] = ()
    hubs: frozenset[str] = frozenset()
    # False when no community detection ran (tiny or no-edge repository): assignments are ignored.
    clustered: bool = True
    source_commit: str = ""
    root: str = "."
