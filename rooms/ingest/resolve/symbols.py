"""Calls and inheritance by name, resolved by scope.

Tiers, first one with any candidate decides: (1) the same file, (2) the files this file imports
plus its peers (same Go/Java package, C#/PHP namespace), both at confidence 1.0; (3) for plain
calls and bases only, a unique symbol of that name in the rest of the repository (same language
family) at ``GLOBAL_GUESS_CONFIDENCE``. Several candidates in a tier are narrowed by the
receiver (``self``/``this`` -> the enclosing class, ``Foo.bar`` -> members of ``Foo``) or by
nesting (the enclosing class, then top level); if still several, the reference is ambiguous and
dropped, never guessed. In languages where methods need an explicit receiver, plain calls only
consider functions and types.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from rooms.ingest.parse.model import FileParse, RawReference, RawSymbol
from rooms.ingest.resolve.base import AMBIGUOUS, RESOLVED, UNRESOLVED

GLOBAL_GUESS_CONFIDENCE = 0.5

_TYPE_KINDS = frozenset({"class", "struct", "interface", "enum", "trait"})
_CALLABLE_KINDS = frozenset({"function", "method", "class", "struct"})
_EXPLICIT_RECEIVER_LANGUAGES = frozenset({"python", "javascript", "typescript", "rust", "go", "php"})
_FAMILY = {"typescript": "javascript", "cpp": "c"}


@dataclass(frozen=True, slots=True)
class Target:
    path: str
    qualified_name: str
    kind: str
    parent: str       # qualified name of the enclosing symbol in its file
    owner_name: str   # simple name of that enclosing symbol


@dataclass(frozen=True, slots=True)
class SymbolMatch:
    status: str  # RESOLVED | AMBIGUOUS | UNRESOLVED
    target: Target | None = None
    confidence: float = 0.0


_AMBIGUOUS_MATCH = SymbolMatch(AMBIGUOUS)
_UNRESOLVED_MATCH = SymbolMatch(UNRESOLVED)


def family(language: str) -> str:
    return _FAMILY.get(language, language)


class SymbolTable:
    def __init__(self, parses: dict[str, FileParse]) -> None:
        self._in_file: dict[str, dict[str, list[Target]]] = {}
        self._global: dict[tuple[str, str], list[Target]] = defaultdict(list)
        self._symbols: dict[str, dict[str, RawSymbol]] = {}
        for path in sorted(parses):
            parse = parses[path]
            by_qualified = {symbol.qualified_name: symbol for symbol in parse.symbols}
            self._symbols[path] = by_qualified
            by_name: dict[str, list[Target]] = defaultdict(list)
            for symbol in parse.symbols:
                owner = by_qualified.get(symbol.parent)
                target = Target(path, symbol.qualified_name, symbol.kind, symbol.parent, owner.name if owner else "")
                by_name[symbol.name].append(target)
                self._global[(family(parse.language), symbol.name)].append(target)
            self._in_file[path] = dict(by_name)

    def symbol(self, path: str, qualified_name: str) -> RawSymbol | None:
        return self._symbols.get(path, {}).get(qualified_name)

    def resolve(self, parse: FileParse, ref: RawReference, related: list[str]) -> SymbolMatch:
        allowed = _TYPE_KINDS if ref.kind == "inherit" else _CALLABLE_KINDS
        if ref.kind == "call" and ref.receiver == "" and parse.language in _EXPLICIT_RECEIVER_LANGUAGES:
            allowed = allowed - {"method"}
        enclosing_class = self._enclosing_class(parse.path, ref.scope)
        for paths in ([parse.path], related):
            candidates = [
                target for path in paths for target in self._in_file.get(path, {}).get(ref.name, ())
                if target.kind in allowed
            ]
            if candidates:
                return self._choose(candidates, ref, enclosing_class, parse.path)
        if ref.receiver and ref.kind == "call":
            return _UNRESOLVED_MATCH
        candidates = [
            target for target in self._global.get((family(parse.language), ref.name), ())
            if target.kind in allowed and target.path != parse.path
        ]
        if len(candidates) == 1:
            return SymbolMatch(RESOLVED, candidates[0], GLOBAL_GUESS_CONFIDENCE)
        return _AMBIGUOUS_MATCH if candidates else _UNRESOLVED_MATCH

    def _choose(self, candidates: list[Target], ref: RawReference, enclosing_class: str, path: str) -> SymbolMatch:
        types = {(t.path, t.qualified_name) for t in candidates if t.kind in _TYPE_KINDS}
        # A constructor (Java ``A.A``) competes with its class for ``new A()``: the class wins.
        candidates = [t for t in candidates if not (t.kind == "method" and (t.path, t.parent) in types)]
        if len(candidates) == 1:
            return SymbolMatch(RESOLVED, candidates[0], 1.0)
        if ref.receiver == "self":
            narrowings = [[t for t in candidates if t.path == path and t.parent == enclosing_class]]
        elif ref.receiver not in ("", "?"):
            narrowings = [[t for t in candidates if t.owner_name == ref.receiver]]
        else:
            narrowings = [
                [t for t in candidates if t.path == path and enclosing_class and t.parent == enclosing_class],
                [t for t in candidates if t.parent == ""],
            ]
        for narrowed in narrowings:
            if len(narrowed) == 1:
                return SymbolMatch(RESOLVED, narrowed[0], 1.0)
            if narrowed:
                break
        return _AMBIGUOUS_MATCH

    def _enclosing_class(self, path: str, scope: str) -> str:
        symbols = self._symbols.get(path, {})
        seen = set()
        while scope and scope not in seen:
            seen.add(scope)
            symbol = symbols.get(scope)
            if symbol is None:
                return scope  # a Rust impl owner whose type lives in another file
            if symbol.kind in _TYPE_KINDS:
                return scope
            scope = symbol.parent
        return ""
