"""Calls and inheritance by name, resolved by scope.

Tiers, first one with any candidate decides: (1) the same file, (2) the files this file imports
plus its peers (same Go/Java package, C#/PHP namespace), both at confidence 1.0; (3) for plain
calls and bases only, a unique symbol of that name in the rest of the repository (same language
family) at ``GLOBAL_GUESS_CONFIDENCE``. A reference qualified by something outside the repository
(``std::fmt::Debug``, ``fmt.Println``: the language's resolver tells by the file's imports) has no
candidate in any tier, nor has a plain name the file imports from outside and does not define itself:
a same-named symbol of the repository is another thing. Several candidates in a tier are narrowed by the
receiver (``self``/``this`` -> the enclosing class, ``Foo.bar`` -> members of ``Foo``) or by
nesting (the enclosing class, then top level); if still several, the reference is ambiguous and
dropped, never guessed. In languages where methods need an explicit receiver, plain calls only
consider functions and types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from ingest.parse.model import FileParse, RawReference
from ingest.records import symbol_id
from ingest.resolve.base import AMBIGUOUS, RESOLVED, UNRESOLVED

GLOBAL_GUESS_CONFIDENCE = 0.5

_TYPE_KINDS = frozenset({"class", "struct", "interface", "enum", "trait"})
_BASE_KINDS = _TYPE_KINDS | {"module"}  # Ruby mixes modules in
_CALLABLE_KINDS = frozenset({"function", "method", "class", "struct"})
_PLAIN_CALLABLE_KINDS = _CALLABLE_KINDS - {"method"}
_EXPLICIT_RECEIVER_LANGUAGES = frozenset({"python", "javascript", "typescript", "rust", "go", "php"})
_FAMILY = {"typescript": "javascript", "cpp": "c"}


class Target(NamedTuple):  # a NamedTuple: a table makes one per symbol, three times faster than a dataclass
    path: str
    qualified_name: str
    kind: str
    parent: str  # qualified name of the enclosing symbol in its file
    owner_name: str  # simple name of that enclosing symbol
    id: str  # its record's id (``symbol_id``), made once


class SymbolMatch(NamedTuple):  # a NamedTuple too: one per distinct reference of a file, made faster than a dataclass
    status: str  # RESOLVED | AMBIGUOUS | UNRESOLVED
    target: Target | None = None
    confidence: float = 0.0


_AMBIGUOUS_MATCH = SymbolMatch(AMBIGUOUS)
_UNRESOLVED_MATCH = SymbolMatch(UNRESOLVED)
# The receivers whose candidates ``SymbolTable.choose`` narrows by the enclosing class; it narrows any other (``Foo``
# of ``Foo.bar``) by the candidates' owner's name, so such a reference resolves the same from every scope of a file.
_CLASS_RECEIVERS = frozenset({"", "?", "self"})


def family(language: str) -> str:
    return _FAMILY.get(language, language)


class SymbolTable:
    """Every symbol of the repository by name: per file, and per language family. A file's symbols by qualified
    name are made for the file being resolved (``FileScope``), not held for every file: a large tree's table is
    the biggest thing resolution holds."""

    def __init__(self, parses: dict[str, FileParse]) -> None:
        # The symbols of a name are tuples once gathered: most names have one, which a list holds in twice the space.
        self._in_file: dict[str, dict[str, tuple[Target, ...]]] = {}
        in_families: dict[str, dict[str, list[Target]]] = {}  # language family -> name -> symbols of that name
        self._named: dict[tuple[str, str, frozenset[str]], list[Target]] = {}
        self.defined: set[str] = set()  # every name some file defines
        for path in sorted(parses):
            parse = parses[path]
            if not parse.symbols:
                continue  # names_in finds nothing for it without an entry
            owner_names = {symbol.qualified_name: symbol.name for symbol in parse.symbols}
            by_name: dict[str, list[Target]] = {}
            in_family = in_families.setdefault(family(parse.language), {})
            for kind, name, qualified_name, _, _, parent in parse.symbols:
                target = Target(
                    path,
                    qualified_name,
                    kind,
                    parent,
                    owner_names.get(parent, ""),
                    symbol_id(path, kind, qualified_name),
                )
                by_name.setdefault(name, []).append(target)
                in_family.setdefault(name, []).append(target)
            self._in_file[path] = {name: tuple(targets) for name, targets in by_name.items()}
            self.defined.update(by_name)
        self._global = {
            language_family: {name: tuple(targets) for name, targets in names.items()}
            for language_family, names in in_families.items()
        }

    def names_in(self, path: str) -> dict[str, tuple[Target, ...]]:
        return self._in_file.get(path, {})

    def scope_of(
        self,
        parse: FileParse,
        related: list[str],
        bindings: Mapping[str, bool] | None = None,
        outside: Callable[[list[str], RawReference], bool] | None = None,
    ) -> FileScope:
        return FileScope(self, parse, related, bindings, outside)

    def named(self, language_family: str, name: str, kinds: frozenset[str]) -> list[Target]:
        """The symbols of that name in the language family whose kind is one of ``kinds``."""
        key = (language_family, name, kinds)
        found = self._named.get(key)
        if found is None:  # the same names are looked for from many files
            same_name = self._global.get(language_family, {}).get(name, ())
            found = self._named[key] = [t for t in same_name if t.kind in kinds]
        return found

    def choose(self, candidates: list[Target], ref: RawReference, enclosing_class: str, path: str) -> SymbolMatch:
        if len(candidates) == 1:
            return SymbolMatch(RESOLVED, candidates[0], 1.0)
        types = {(t.path, t.qualified_name) for t in candidates if t.kind in _TYPE_KINDS}
        # A constructor (Java ``A.A``) competes with its class for ``new A()``: the class wins.
        candidates = [t for t in candidates if not (t.kind == "method" and (t.path, t.parent) in types)]
        if len(candidates) == 1:
            return SymbolMatch(RESOLVED, candidates[0], 1.0)
        if ref.receiver == "self":
            narrowings = [[t for t in candidates if t.path == path and t.parent == enclosing_class]]
        elif ref.receiver not in _CLASS_RECEIVERS:  # a named receiver: whatever the enclosing class
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


class FileScope:
    """Resolves the references of one file; memoises per scope, per reference and per name, which repeat a lot."""

    def __init__(
        self,
        table: SymbolTable,
        parse: FileParse,
        related: list[str],
        bindings: Mapping[str, bool] | None = None,
        outside: Callable[[list[str], RawReference], bool] | None = None,
    ) -> None:
        self._table = table
        self._bindings = bindings or {}  # a name the file's imports bind -> whether one may bind it to the repository
        self._outside = outside
        self._heads: dict[str, bool | None] = {}  # qualifier -> whether its first name is bound outside (None: unbound)
        self._defined = table.defined
        self._path = parse.path
        self._family = family(parse.language)
        self._explicit_receiver = parse.language in _EXPLICIT_RECEIVER_LANGUAGES
        self._own = table.names_in(parse.path)
        # The file's symbols by qualified name (qualified names are unique within a file).
        self._symbols = {target.qualified_name: target for targets in self._own.values() for target in targets}
        self._related = [table.names_in(path) for path in related]
        self._related_by_name: dict[str, list[Target]] = {}
        self._scopes: dict[str, tuple[str | None, str]] = {}
        self._matches: dict[tuple[str, str, str, str], SymbolMatch] = {}

    def resolve(self, ref: RawReference) -> tuple[str | None, SymbolMatch]:
        """The id of the symbol whose scope holds ``ref`` (None at file level, or for a scope that is no symbol of
        the file), and what ``ref`` resolves to from there. A base with no such symbol is unresolved."""
        kind, name, scope, receiver, _, qualifier = ref
        source, enclosing_class = self._scopes.get(scope) or self._scope(scope)
        if source is None and kind == "inherit":
            return None, _UNRESOLVED_MATCH
        if qualifier and name in self._defined and self._qualifies_outside(ref):
            return source, _UNRESOLVED_MATCH
        # The match depends on the scope only through its enclosing class, and on that only for the receivers
        # ``choose`` narrows by it: one match serves every reference of a name and receiver from a class.
        key = (kind, name, receiver, enclosing_class if receiver in _CLASS_RECEIVERS else "")
        match = self._matches.get(key)
        if match is None:
            match = self._matches[key] = self._match(ref, enclosing_class)
        return source, match

    def _scope(self, scope: str) -> tuple[str | None, str]:
        """A scope's symbol id, as ``resolve`` gives it, and its enclosing class (``_enclosing_class``)."""
        symbol = self._symbols.get(scope) if scope else None
        found = self._scopes[scope] = (symbol.id if symbol else None, self._enclosing_class(scope))
        return found

    def _enclosing_class(self, scope: str) -> str:
        symbols = self._symbols
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

    def _qualifies_outside(self, ref: RawReference) -> bool:
        """Whether ``ref``'s qualifier names something outside the repository: its first name is bound by the
        file's imports to nothing of the repository, or (no import binding it) the language says so."""
        qualifier = ref.qualifier
        if qualifier in self._heads:
            outside = self._heads[qualifier]
        else:
            here = self._bindings.get(qualifier.partition(".")[0])
            outside = self._heads[qualifier] = None if here is None else not here
        if outside is None:  # no import binds its first name: the language's rule, which may look at the reference
            return self._outside is not None and self._outside(qualifier.split("."), ref)
        return outside

    def _match(self, ref: RawReference, enclosing_class: str) -> SymbolMatch:
        kind, name, _, receiver, _, _ = ref
        if name not in self._defined:
            return _UNRESOLVED_MATCH  # no tier can have a candidate (a builtin, a library's function)
        allowed = _BASE_KINDS if kind == "inherit" else _CALLABLE_KINDS
        if kind == "call" and receiver == "" and self._explicit_receiver:
            allowed = _PLAIN_CALLABLE_KINDS
        path = self._path
        # The same file, then its imports and peers. A comprehension is a call, and most names have no candidate
        # in the one or the other: filter only what there is.
        defined_here = self._own.get(name)
        own = [target for target in defined_here if target.kind in allowed] if defined_here else None
        if own:
            return self._table.choose(own, ref, enclosing_class, path)
        if receiver == "" and self._bindings.get(name) is False:
            return _UNRESOLVED_MATCH  # imported from outside the repository: a symbol of that name here is another
        named = self._related_named(name)
        related = [target for target in named if target.kind in allowed] if named else None
        if related:
            return self._table.choose(related, ref, enclosing_class, path)
        if receiver and kind == "call":
            return _UNRESOLVED_MATCH
        global_candidates = [target for target in self._table.named(self._family, name, allowed) if target.path != path]
        if len(global_candidates) == 1:
            return SymbolMatch(RESOLVED, global_candidates[0], GLOBAL_GUESS_CONFIDENCE)
        return _AMBIGUOUS_MATCH if global_candidates else _UNRESOLVED_MATCH

    def _related_named(self, name: str) -> list[Target]:
        found = self._related_by_name.get(name)
        if found is None:
            found = [target for by_name in self._related for target in by_name.get(name, ())]
            self._related_by_name[name] = found
        return found
