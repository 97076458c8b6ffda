"""The query-driven extractor shared by every language.

A language is a ``LanguageSpec``: a grammar and one tree-sitter query whose capture names follow
one convention, plus small handlers for import statements. Matching runs in C; Python only
visits the matches, then nests definitions and scopes references with one sweep over byte
offsets (definitions are properly nested, so a stack suffices).

Capture convention (a pattern has exactly one main capture):
- ``@def.<kind>`` a definition node, with ``@name`` and optionally ``@owner`` (Go receiver type);
- ``@scope.impl`` a container that is not a symbol but qualifies what it holds (Rust ``impl``),
  with ``@owner``;
- ``@ref.call`` with ``@name`` and optionally ``@receiver``, or ``@qualifier`` for a receiver that may name a
  module, package or type (``os`` of ``os.getcwd()``, ``std::process`` of ``std::process::exit()``);
  ``@ref.inherit`` on the base itself (a qualified base, ``fmt::Debug``, is qualified by its path);
- ``@import`` (handled by the spec's ``import_handler``) or ``@import.<form>`` on a specifier;
- ``@namespace`` a package/namespace name; captures starting with ``_`` only feed predicates.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple, TypeVar

from tree_sitter import Language, Node, Parser, Query, QueryCursor

from ingest.parse.model import RawImport, RawReference, RawSymbol

_CLASS_LIKE = frozenset({"class", "struct", "interface", "trait", "enum"})
_GENERIC_ARGS = re.compile(r"<[^<>]*>|\[[^\[\]]*\]")
_SEPARATORS = re.compile(r"::|\.|\\|->")
_IDENTIFIER = re.compile(r"^[\w$@]+$")
_PATH = re.compile(r"\s*(?:::)?\s*[^\W\d][\w$]*(?:\s*(?:::|\.)\s*[^\W\d][\w$]*)*\s*")  # a::b, a.b.c
_TURBOFISH = re.compile(r"::\s*(?=::|$)")


@dataclass(frozen=True)
class LanguageSpec:
    name: str
    grammar: Callable[[], object]  # returns the grammar capsule of a tree-sitter-<lang> wheel
    query: str
    import_handler: Callable[[Node], Iterable[RawImport]] | None = None
    self_names: frozenset[str] = frozenset()
    method_containers: frozenset[str] = _CLASS_LIKE
    # Ruby: ``Foo.new`` constructs Foo, so it is a call to the class.
    constructor_method: str = ""


class Extraction(NamedTuple):
    symbols: tuple[RawSymbol, ...]
    references: tuple[RawReference, ...]
    imports: tuple[RawImport, ...]
    namespaces: tuple[str, ...]


@dataclass(slots=True)
class _Container:
    start: int
    end: int
    kind: str  # a symbol kind, or "impl" for a non-symbol scope
    name: str
    owner: str
    start_line: int
    end_line: int
    qualified_name: str = ""
    preferred_parent: str = ""
    lexical_parent: str = ""


class _Compiled(NamedTuple):
    parser: Parser
    query: Query
    roles: tuple[str, ...]  # the main capture of each pattern, by pattern index


_CAPTURE = re.compile(r"@([\w.]+)")
_AUXILIARY = frozenset({"name", "owner", "receiver", "qualifier"})


@cache
def _compile(spec: LanguageSpec) -> _Compiled:
    language = Language(spec.grammar())
    query = Query(language, spec.query)
    source = spec.query.encode()
    roles = []
    for pattern in range(query.pattern_count):
        text = source[query.start_byte_for_pattern(pattern) : query.end_byte_for_pattern(pattern)].decode()
        roles.append(next((c for c in _CAPTURE.findall(text) if c not in _AUXILIARY and not c.startswith("_")), ""))
    return _Compiled(Parser(language), query, tuple(roles))


def text_of(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "replace")


def split_qualified(text: str) -> list[str]:
    """``ns::A<T>::m`` -> ["ns", "A", "m"]; ``*pkg.Other`` -> ["pkg", "Other"]."""
    previous = None
    while previous != text:  # strip nested generic arguments from the inside out
        previous, text = text, _GENERIC_ARGS.sub("", text)
    parts = [part.strip(" *&?!()\t\n") for part in _SEPARATORS.split(text)]
    return [part for part in parts if part]


def extract(spec: LanguageSpec, source: bytes) -> tuple[Extraction, int]:
    """Symbols, references, imports and namespaces of ``source``; plus the first error line (0: none)."""
    compiled = _compile(spec)
    tree = compiled.parser.parse(source)
    root = tree.root_node
    roles = compiled.roles
    containers: list[_Container] = []
    raw_refs: list[tuple[int, str, str, str, str]] = []  # (byte offset, kind, name, receiver, qualifier)
    imports: list[RawImport] = []
    namespaces: list[str] = []
    for pattern, captures in QueryCursor(compiled.query).matches(root):
        role = roles[pattern]
        node = captures[role][0]
        if role == "ref.call" or role == "ref.inherit":
            reference = _reference(spec, role[4:], node, captures)
            if reference is not None:
                raw_refs.append(reference)
        elif role.startswith("def.") or role == "scope.impl":
            _add_container(containers, role, node, captures)
        elif role == "import":
            if spec.import_handler is not None:
                imports.extend(spec.import_handler(node))
        elif role.startswith("import."):
            specifier = text_of(node).strip("\"'`<>")
            form = role[7:]
            imports.append(RawImport(specifier, node.start_point[0] + 1, "" if form == "spec" else form))
        elif role == "namespace":
            namespaces.append(_namespace_name(node))
    symbols, scoped = _nest(spec, containers, raw_refs)
    references = tuple(
        RawReference(kind, name, scope, receiver, count, qualifier)
        for (kind, name, scope, receiver, qualifier), count in sorted(Counter(scoped).items())
    )
    imports.sort(key=lambda imp: (imp.line, imp.specifier, imp.form, imp.names))
    extraction = Extraction(symbols, references, tuple(imports), tuple(sorted(set(namespaces))))
    return extraction, (first_error_line(root) if root.has_error else 0)


def _add_container(containers: list[_Container], role: str, node: Node, captures: dict[str, list[Node]]) -> None:
    kind = "impl" if role == "scope.impl" else role[4:]
    name_nodes = captures.get("name")
    parts = _parts(name_nodes[0].text) if name_nodes else []
    if kind != "impl" and not parts:
        return
    owner = ""
    owner_nodes = captures.get("owner")
    if owner_nodes:
        owner_parts = _parts(owner_nodes[0].text)
        owner = owner_parts[-1] if owner_parts else ""
    elif len(parts) > 1:  # C++ ``void A::m()``, Ruby ``class A::B``: the last qualifier owns it
        owner = parts[-2]
    end_row, end_col = node.end_point
    start_row = node.start_point[0]
    if end_col == 0 and end_row > start_row:
        end_row -= 1
    containers.append(
        _Container(
            start=node.start_byte,
            end=node.end_byte,
            kind=kind,
            name=parts[-1] if parts else "",
            owner=owner,
            start_line=start_row + 1,
            end_line=end_row + 1,
        )
    )


_SIMPLE_NAME = re.compile(rb"[\w$@~]+")
_LONGEST_RECEIVER = 64  # longer receivers are expressions: their text is not worth decoding


# Names and receivers repeat a great deal within a tree: each distinct text is split (or classified) once per
# worker process. Callers only read what these give.
_PARTS: dict[bytes, list[str]] = {}
_RECEIVERS: dict[tuple[str, bytes], str] = {}  # by language name and text
_QUALIFIERS: dict[bytes, str] = {}
_MEMO_LIMIT = 100_000  # entries each; past it a memo starts again (a tree with that many distinct names)
T = TypeVar("T")


def _parts(raw: bytes | None) -> list[str]:
    raw = raw or b""
    parts = _PARTS.get(raw)
    if parts is not None:
        return parts
    if _SIMPLE_NAME.fullmatch(raw):
        parts = [raw.decode("utf-8", "replace")]  # the common case, without regular-expression surgery
    else:
        parts = split_qualified(raw.decode("utf-8", "replace"))
    return _remember(_PARTS, raw, parts)


def _receiver(spec: LanguageSpec, text: bytes) -> str:
    """``self`` for the language's self names, an identifier as it is, ``?`` for any other expression."""
    key = (spec.name, text)
    receiver = _RECEIVERS.get(key)
    if receiver is not None:
        return receiver
    decoded = text.decode("utf-8", "replace")
    if decoded in spec.self_names:
        receiver = "self"
    elif not decoded or _IDENTIFIER.match(decoded):
        receiver = decoded
    else:
        receiver = "?"
    return _remember(_RECEIVERS, key, receiver)


def _qualifier(text: bytes) -> str:
    """``std::fmt`` -> "std.fmt", ``Vec::<u8>`` -> "Vec"; "" for any expression that is not a path of names."""
    qualifier = _QUALIFIERS.get(text)
    if qualifier is not None:
        return qualifier
    decoded = text.decode("utf-8", "replace")
    previous = None
    while previous != decoded:  # generic arguments qualify nothing
        previous, decoded = decoded, _GENERIC_ARGS.sub("", decoded)
    decoded = _TURBOFISH.sub("", decoded)  # the ``::`` of ``Vec::<u8>``, left without its arguments
    qualifier = ".".join(split_qualified(decoded)) if _PATH.fullmatch(decoded) else ""
    return _remember(_QUALIFIERS, text, qualifier)


def _remember(memo: dict[Any, T], key: Any, value: T) -> T:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def _reference(
    spec: LanguageSpec, kind: str, node: Node, captures: dict[str, list[Node]]
) -> tuple[int, str, str, str, str] | None:
    name_nodes = captures.get("name")
    parts = _parts((name_nodes[0] if name_nodes else node).text)
    if not parts:
        return None
    name = parts[-1]
    qualifier = ""
    qualifier_nodes = captures.get("qualifier")
    receiver_nodes = qualifier_nodes or captures.get("receiver")
    if receiver_nodes:
        receiver_node = receiver_nodes[0]
        if receiver_node.end_byte - receiver_node.start_byte > _LONGEST_RECEIVER:
            receiver = "?"
        else:
            text = receiver_node.text or b""
            receiver = _receiver(spec, text)
            if qualifier_nodes:
                qualifier = _qualifier(text)
    elif len(parts) > 1:  # a qualified name: ``fmt::Debug``, ``java.util.List``, ``pkg.Type``
        receiver = _receiver(spec, parts[-2].encode())
        qualifier = ".".join(parts[:-1])
    else:
        receiver = ""
    if spec.constructor_method and name == spec.constructor_method and receiver[:1].isupper():
        name, receiver = receiver, ""
    return (node.start_byte, kind, name, receiver, qualifier)


def _namespace_name(node: Node) -> str:
    """The dotted name of a namespace node, including enclosing namespace blocks (C# nesting)."""
    parts = [".".join(split_qualified(text_of(node)))]
    declaration = node.parent
    if declaration is None:
        return parts[0]
    ancestor = declaration.parent
    while ancestor is not None:
        if ancestor.type == declaration.type:
            name = ancestor.child_by_field_name("name")
            if name is not None:
                parts.append(".".join(split_qualified(text_of(name))))
        ancestor = ancestor.parent
    return ".".join(reversed(parts))


def _nest(
    spec: LanguageSpec, containers: list[_Container], refs: Sequence[tuple[int, str, str, str, str]]
) -> tuple[tuple[RawSymbol, ...], list[tuple[str, str, str, str, str]]]:
    """Give definitions their qualified names and parents, and references their scopes."""
    events: list[tuple[int, int, int, int]] = [(c.start, 0, -c.end, i) for i, c in enumerate(containers)]
    events.extend((offset, 1, 0, i) for i, (offset, *_rest) in enumerate(refs))
    events.sort()
    stack: list[_Container] = []
    seen: Counter[str] = Counter()
    scoped: list[tuple[str, str, str, str, str]] = []
    for position, is_ref, _neg_end, index in events:
        while stack and stack[-1].end <= position:
            stack.pop()
        enclosing = stack[-1] if stack else None
        if is_ref:
            _, kind, name, receiver, qualifier = refs[index]
            scoped.append((kind, name, enclosing.qualified_name if enclosing else "", receiver, qualifier))
            continue
        container = containers[index]
        base = enclosing.qualified_name if enclosing else ""
        qualified = _join(base, container.owner, container.name)
        if container.kind == "function" and (
            container.owner
            or (enclosing is not None and (enclosing.kind == "impl" or enclosing.kind in spec.method_containers))
        ):
            container.kind = "method"
        if container.kind != "impl":  # a type may have many impl blocks; they are not symbols
            seen[qualified] += 1
            if seen[qualified] > 1:
                qualified = f"{qualified}#{seen[qualified]}"
        container.qualified_name = qualified
        container.lexical_parent = _nearest_symbol(stack)
        if container.owner:
            container.preferred_parent = _join(base, container.owner)
        elif enclosing is not None and enclosing.kind == "impl":
            container.preferred_parent = enclosing.qualified_name
        stack.append(container)
    symbol_names = {c.qualified_name for c in containers if c.kind != "impl"}
    symbols = tuple(
        sorted(
            (
                RawSymbol(
                    kind=c.kind,
                    name=c.name,
                    qualified_name=c.qualified_name,
                    start_line=c.start_line,
                    end_line=c.end_line,
                    parent=c.preferred_parent if c.preferred_parent in symbol_names else c.lexical_parent,
                )
                for c in containers
                if c.kind != "impl"
            ),
            key=lambda s: (s.start_line, s.end_line, s.qualified_name),
        )
    )
    return symbols, scoped


def _nearest_symbol(stack: list[_Container]) -> str:
    for container in reversed(stack):
        if container.kind != "impl":
            return container.qualified_name
    return ""


def _join(*parts: str) -> str:
    return ".".join(part for part in parts if part)


def first_error_line(root: Node) -> int:
    """1-based line of the first ERROR or MISSING node, following only subtrees that hold one."""
    node = root
    while True:
        if node.is_error or node.is_missing:
            return node.start_point[0] + 1
        child = next((c for c in node.children if c.has_error or c.is_missing), None)
        if child is None:
            return node.start_point[0] + 1
        node = child
