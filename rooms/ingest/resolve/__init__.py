"""Resolution: every file's raw imports and references, turned into edges between records.

Imports first (each language's resolver), because calls and bases then look in the imported
files. Resolution always runs over the whole set of parses: it is cheap next to parsing, and it
is what makes an incremental scan equal a fresh one (a new file can resolve someone else's
import, a second definition can make a unique name ambiguous).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rooms.ingest.parse.model import FileParse
from rooms.ingest.records import EdgeKind, EdgeRecord, PackageRecord, file_id, package_id, symbol_id
from rooms.ingest.resolve import c_family, go, javascript, jvm, php, python, ruby, rust
from rooms.ingest.resolve.base import RESOLVED, LanguageResolver, RepoIndex
from rooms.ingest.resolve.symbols import SymbolTable

_BUILDERS: dict[str, Callable[[RepoIndex], LanguageResolver]] = {
    "python": python.build,
    "javascript": javascript.build,
    "typescript": javascript.build,
    "go": go.build,
    "rust": rust.build,
    "java": jvm.build_java,
    "csharp": jvm.build_csharp,
    "c": c_family.build,
    "cpp": c_family.build,
    "ruby": ruby.build,
    "php": php.build,
}


@dataclass(frozen=True, slots=True)
class Resolution:
    edges: tuple[EdgeRecord, ...]
    packages: tuple[PackageRecord, ...]
    references: Mapping[str, Mapping[str, int]]  # import/call/inherit -> outcome -> count


class EdgeAccumulator:
    """Collapses repeated (kind, source, target) references into one edge with count and weight."""

    def __init__(self) -> None:
        self._edges: dict[tuple[str, str, str], list] = {}
        self._order: list[tuple[str, str, str]] = []  # the keys, first added first
        self._told: dict[tuple[str, str, str], EdgeRecord] = {}  # what records_since made: final, so kept

    def add(self, kind: str, source: str, target: str, origin: str, *, confidence: float = 1.0,
            count: int = 1, weight: float | None = None) -> None:
        if source == target:
            return  # recursion and self-imports say nothing about structure
        share = confidence * count if weight is None else weight
        entry = self._edges.get((kind, source, target))
        if entry is None:
            self._edges[(kind, source, target)] = [count, share, confidence, origin]
            self._order.append((kind, source, target))
        else:
            entry[0] += count
            entry[1] += share
            entry[2] = max(entry[2], confidence)

    def records(self) -> tuple[EdgeRecord, ...]:
        told = self._told
        return tuple(told.get(key) or _record(key, entry) for key, entry in sorted(self._edges.items()))

    def added(self) -> int:
        """How many edges there are: ``records_since`` takes it."""
        return len(self._order)

    def records_since(self, added: int) -> list[EdgeRecord]:
        """The edges first added after ``added()`` said ``added``, as they are now: the caller takes them
        for final (no edge among them is added to later)."""
        told = self._told
        records = []
        for key in self._order[added:]:
            record = told[key] = _record(key, self._edges[key])
            records.append(record)
        return records


def _record(key: tuple[str, str, str], entry: list) -> EdgeRecord:
    (kind, source, target), (count, weight, confidence, origin) = key, entry
    return EdgeRecord(str(kind), source, target, count, round(weight, 6), confidence, origin)


def resolve(parses: Mapping[str, FileParse], emit: Callable[[list[EdgeRecord]], None] | None = None) -> Resolution:
    """``emit`` is given edges as soon as they are final, which is before ``resolve`` returns: the IMPORTS and
    USES_PACKAGE ones once every import is resolved, then each file's CALLS and INHERITS once its references
    are (every edge an accumulator holds starts in the file whose content made it)."""
    parses = dict(sorted(parses.items()))
    index = RepoIndex(parses)
    resolvers: dict[Callable[[RepoIndex], LanguageResolver], LanguageResolver] = {}

    def resolver_for(language: str) -> LanguageResolver | None:
        builder = _BUILDERS.get(language)
        if builder is None:
            return None
        if builder not in resolvers:  # JS/TS and C/C++ share one resolver
            resolvers[builder] = builder(index)
        return resolvers[builder]

    edges = EdgeAccumulator()
    outcomes: dict[str, Counter[str]] = defaultdict(Counter)
    packages: set[tuple[str, str]] = set()
    imported: dict[str, set[str]] = defaultdict(set)
    for path, parse in parses.items():
        resolver = resolver_for(parse.language)
        if resolver is None:
            continue
        for imp in parse.imports:
            outcome = resolver.resolve(parse, imp)
            outcomes["import"][outcome.status] += 1
            for target in outcome.targets:
                # One statement weighs its confidence in total, shared by its targets (a Go package, a namespace).
                edges.add(EdgeKind.IMPORTS, file_id(path), file_id(target), path,
                          confidence=outcome.confidence, weight=outcome.confidence / len(outcome.targets))
                imported[path].add(target)
            if outcome.package is not None:
                packages.add(outcome.package)
                edges.add(EdgeKind.USES_PACKAGE, file_id(path), package_id(*outcome.package), path)

    if emit is not None:
        emit(edges.records_since(0))
    symbols = SymbolTable(parses)
    for path, parse in parses.items():
        if not parse.references:
            continue
        emitted = edges.added()
        resolver = resolver_for(parse.language)
        peers = set(resolver.peers(parse)) if resolver is not None else set()
        scope = symbols.scope_of(parse, sorted((imported[path] | peers) - {path}))
        sources: dict[str, str | None] = {}  # the id of each scope's symbol, or None: scopes repeat a lot
        for ref in parse.references:
            source = sources.get(ref.scope, "")
            if source == "":
                source_symbol = symbols.symbol(path, ref.scope) if ref.scope else None
                source = sources[ref.scope] = (
                    symbol_id(path, source_symbol.kind, source_symbol.qualified_name) if source_symbol else None)
            if ref.kind == "inherit" and source is None:
                outcomes[ref.kind]["unresolved"] += ref.count
                continue
            match = scope.resolve(ref)
            outcomes[ref.kind][match.status] += ref.count
            if match.status != RESOLVED or match.target is None:
                continue
            kind = EdgeKind.INHERITS if ref.kind == "inherit" else EdgeKind.CALLS
            edges.add(kind, source or file_id(path), match.target.id, path, confidence=match.confidence,
                      count=ref.count)
        if emit is not None and edges.added() > emitted:
            emit(edges.records_since(emitted))
    return Resolution(
        edges=edges.records(),
        packages=tuple(PackageRecord(package_id(e, n), e, n) for e, n in sorted(packages)),
        references={kind: dict(sorted(counts.items())) for kind, counts in sorted(outcomes.items())},
    )
