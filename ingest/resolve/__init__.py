"""Resolution: every file's raw imports and references, turned into edges between records.

Imports first (each language's resolver), because calls and bases then look in the imported
files. Resolution always runs over the whole set of parses: it is cheap next to parsing, and it
is what makes an incremental scan equal a fresh one (a new file can resolve someone else's
import, a second definition can make a unique name ambiguous).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ingest.parse.model import FileParse
from ingest.records import EdgeKind, EdgeRecord, PackageRecord, file_id, package_id
from ingest.resolve import c_family, go, javascript, jvm, php, python, ruby, rust
from ingest.resolve.base import PACKAGE, RESOLVED, STDLIB, LanguageResolver, RepoIndex
from ingest.resolve.symbols import SymbolTable

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


# The edge kinds as plain str, which the accumulator's keys hash, compare and sort faster than the enum's members.
_IMPORTS, _USES_PACKAGE = EdgeKind.IMPORTS.value, EdgeKind.USES_PACKAGE.value
_CALLS, _INHERITS = EdgeKind.CALLS.value, EdgeKind.INHERITS.value


class EdgeAccumulator:
    """Collapses repeated (kind, source, target) references into one edge with count and weight.

    Every edge starts at a node of the file whose content made it, so no edge is added to once its file is
    done: ``flush`` when a file is done (or a pass over every file's imports) makes those records, and only
    the sums since are held (holding every edge's sums to the end was a large tree's biggest transient)."""

    def __init__(self) -> None:
        self._pending: dict[tuple[str, str, str], list] = {}  # the current file's edges, first added first
        self._records: list[EdgeRecord] = []  # every file's, as flushed

    def add(
        self,
        kind: str,
        source: str,
        target: str,
        origin: str,
        confidence: float = 1.0,
        count: int = 1,
        weight: float | None = None,
    ) -> None:
        if source == target:
            return  # recursion and self-imports say nothing about structure
        share = confidence * count if weight is None else weight
        key = (kind, source, target)
        entry = self._pending.get(key)
        if entry is None:
            self._pending[key] = [count, share, confidence, origin]
        else:
            entry[0] += count
            entry[1] += share
            if confidence > entry[2]:
                entry[2] = confidence

    def flush(self) -> list[EdgeRecord]:
        """The records of the edges added since the last flush, in the order first added: final."""
        records = [_record(key, entry) for key, entry in self._pending.items()]
        self._records.extend(records)
        self._pending = {}
        return records

    def records(self) -> tuple[EdgeRecord, ...]:
        """Every edge's record, sorted: by (kind, source, target), which no two edges share."""
        self.flush()
        self._records.sort()
        return tuple(self._records)


def _record(key: tuple[str, str, str], entry: list) -> EdgeRecord:
    (kind, source, target), (count, weight, confidence, origin) = key, entry
    # _make: a third faster than EdgeRecord(...), whose __new__ takes keywords too; one call per edge.
    return EdgeRecord._make((kind, source, target, count, round(weight, 6), confidence, origin))


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
    counts: dict[tuple[str, str], int] = defaultdict(int)  # (import/call/inherit, outcome) -> count
    packages: set[tuple[str, str]] = set()
    imported: dict[str, set[str]] = defaultdict(set)
    # path -> a name its imports bind -> whether one of them may bind it to code of this repository
    bindings: dict[str, dict[str, bool]] = defaultdict(dict)
    for path, parse in parses.items():
        resolver = resolver_for(parse.language)
        if resolver is None:
            continue
        for imp in parse.imports:
            outcome = resolver.resolve(parse, imp)
            counts["import", outcome.status] += 1
            for target in outcome.targets:
                # One statement weighs its confidence in total, shared by its targets (a Go package, a namespace).
                edges.add(
                    _IMPORTS,
                    file_id(path),
                    file_id(target),
                    path,
                    confidence=outcome.confidence,
                    weight=outcome.confidence / len(outcome.targets),
                )
                imported[path].add(target)
            if outcome.package is not None:
                packages.add(outcome.package)
                edges.add(_USES_PACKAGE, file_id(path), package_id(*outcome.package), path)
            names = resolver.binds(imp)
            if names:
                # Only the standard library and declared packages are known to be outside: an import left
                # unresolved may well be the repository's (a crate root the manifest places elsewhere).
                here, bound = outcome.status not in (STDLIB, PACKAGE), bindings[path]
                for name in names:
                    bound[name] = here or bound.get(name, False)

    import_edges = edges.flush()  # told at once, when every import is resolved
    if emit is not None:
        emit(import_edges)
    symbols = SymbolTable(parses)
    for path, parse in parses.items():
        # A file's imports and bindings serve its own references alone: let go as the pass goes, not held to its end.
        file_imports, file_bindings = imported.pop(path, set()), bindings.pop(path, {})
        if not parse.references:
            continue
        resolver = resolver_for(parse.language)
        peers = set(resolver.peers(parse)) if resolver is not None else set()
        file_scope = symbols.scope_of(
            parse,
            sorted((file_imports | peers) - {path}),
            file_bindings,
            resolver.outside if resolver is not None else None,
        )
        file_source = file_id(path)  # the source of file-level references
        for ref in parse.references:
            source, match = file_scope.resolve(ref)
            kind, count = ref.kind, ref.ref_count
            counts[kind, match.status] += count
            if match.status == RESOLVED and match.target is not None:
                edges.add(
                    _INHERITS if kind == "inherit" else _CALLS,
                    source or file_source,
                    match.target.id,
                    path,
                    match.confidence,
                    count,
                )
        made = edges.flush()
        if emit is not None and made:
            emit(made)
    references: dict[str, dict[str, int]] = {}
    for (kind, status), count in sorted(counts.items()):
        references.setdefault(kind, {})[status] = count
    return Resolution(
        edges=edges.records(),
        packages=tuple(PackageRecord(package_id(e, n), e, n) for e, n in sorted(packages)),
        references=references,
    )
