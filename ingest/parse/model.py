"""The per-file parse result: everything resolution needs, and nothing that depends on other files.

A ``FileParse`` is a pure function of (path, language, content, ``PARSER_VERSION``), so it can be
cached by content hash and reused by the next scan; ``to_json``/``from_json`` give it a stable
JSON form for storage.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from sys import intern
from typing import Any, NamedTuple

import orjson

from ingest.manifests import Manifest
from ingest.records import FileIssue

# Bump when a parser or manifest reader changes what it extracts: cached parses become stale.
PARSER_VERSION = 2


# The records of a parse are NamedTuples: a large tree has hundreds of thousands, and a tuple is made
# several times faster than a frozen dataclass. Their JSON form is their fields in order.
class RawSymbol(NamedTuple):
    kind: str
    name: str
    qualified_name: str  # unique within the file (duplicates get "#2", "#3" in source order)
    start_line: int  # 1-based, inclusive
    end_line: int
    parent: str  # qualified name of the directly enclosing symbol, "" at file level


class RawReference(NamedTuple):
    """Calls or inheritance by name, collapsed per (kind, name, scope, receiver, qualifier) with a count."""

    kind: str  # "call" | "inherit"
    name: str  # simple name of the callee or base
    scope: str  # qualified name of the innermost enclosing symbol (or impl owner), "" = file level
    receiver: str  # "" plain, "self" for self/this/super, else the qualifier's text ("pkg", "Foo", "?")
    ref_count: int  # not ``count``, which would shadow tuple.count
    # The names written before the name when they may name a module, package or type, joined by ".": "std.fmt" of
    # ``std::fmt::Debug``, "os.path" of ``os.path.join()``, "x" of ``x.run()`` in Python; "" when there are none, or
    # when what precedes is an expression or (Rust ``x.run()``) a value. Resolution reads its first name.
    qualifier: str = ""


class RawImport(NamedTuple):
    specifier: str
    line: int
    form: str = ""  # language-specific: "relative", "system", "mod", "wildcard", "static", "path"
    level: int = 0  # Python: leading dots of a relative import
    # Python: the names of a ``from`` import; the alias of ``import a.b as c`` (form "as"), of Rust's
    # ``use a::B as C`` and of Go's ``import c "a/b"``: what the import binds when it is not its last name.
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FileParse:
    path: str
    language: str
    size: int
    sha256: str
    lines: int
    symbols: tuple[RawSymbol, ...] = ()
    references: tuple[RawReference, ...] = ()
    imports: tuple[RawImport, ...] = ()
    namespaces: tuple[str, ...] = ()  # Go package, Java package, C#/PHP namespaces
    manifest: Manifest | None = None
    issues: tuple[FileIssue, ...] = ()
    parser_version: int = PARSER_VERSION

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "language": self.language,
            "size": self.size,
            "sha256": self.sha256,
            "lines": self.lines,
            "symbols": [list(s) for s in self.symbols],
            "references": [list(r) for r in self.references],
            "imports": [[i.specifier, i.line, i.form, i.level, list(i.names)] for i in self.imports],
            "namespaces": list(self.namespaces),
            "manifest": _manifest_to_json(self.manifest),
            "issues": [[i.path, i.kind, i.detail] for i in self.issues],
            "parser_version": self.parser_version,
        }

    def to_json_text(self) -> str:
        """``to_json()`` as compact JSON text, byte for byte what ``json.dumps(..., separators=(",", ":"))``
        writes. orjson writes the same bytes a tenth of the time, except where json escapes: anything past
        ASCII, and DEL; such a file (rare) is written by json itself, and so is what orjson refuses
        (a lone surrogate, an integer past 64 bits)."""
        data = self.to_json()
        try:
            encoded = orjson.dumps(data)
        except TypeError:
            encoded = b"\x7f"
        if encoded.isascii() and b"\x7f" not in encoded:
            return encoded.decode("ascii")
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json_text(cls, text: str) -> FileParse:
        """The parse that ``to_json_text`` encoded."""
        try:
            data = orjson.loads(text)
        except orjson.JSONDecodeError:  # a lone surrogate, which json escapes and orjson refuses to read
            data = json.loads(text)
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FileParse:
        if data["parser_version"] != PARSER_VERSION:
            # Another parser's records, whose fields may differ: only good for telling that the file is parsed again.
            return cls(
                path=data["path"],
                language=data["language"],
                size=data["size"],
                sha256=data["sha256"],
                lines=data["lines"],
                parser_version=data["parser_version"],
            )
        return cls(
            path=data["path"],
            language=data["language"],
            size=data["size"],
            sha256=data["sha256"],
            lines=data["lines"],
            # Decoded JSON makes a string object per occurrence, and a large tree's parses repeat the same names,
            # kinds, scopes and receivers over and over: each is held once (``sys.intern``).
            symbols=tuple(
                RawSymbol(intern(kind), intern(name), intern(qualified), start, end, intern(parent))
                for kind, name, qualified, start, end, parent in data["symbols"]
            ),
            references=tuple(
                RawReference(intern(kind), intern(name), intern(scope), intern(receiver), count, intern(qualifier))
                for kind, name, scope, receiver, count, qualifier in data["references"]
            ),
            imports=tuple(
                RawImport(intern(spec), line, intern(form), level, tuple(map(intern, names)))
                for spec, line, form, level, names in data["imports"]
            ),
            namespaces=tuple(data["namespaces"]),
            manifest=_manifest_from_json(data["manifest"]),
            issues=tuple(FileIssue(*row) for row in data["issues"]),
            parser_version=data["parser_version"],
        )


def _manifest_to_json(manifest: Manifest | None) -> dict[str, Any] | None:
    if manifest is None:
        return None
    return {
        "ecosystem": manifest.ecosystem,
        "name": manifest.name,
        "dependencies": list(manifest.dependencies),
        "entry": manifest.entry,
        "extends": manifest.extends,
        "mappings": [[key, list(values)] for key, values in manifest.mappings],
    }


def _manifest_from_json(data: dict[str, Any] | None) -> Manifest | None:
    if data is None:
        return None
    return Manifest(
        ecosystem=data["ecosystem"],
        name=data["name"],
        dependencies=tuple(data["dependencies"]),
        entry=data["entry"],
        extends=data["extends"],
        mappings=tuple((key, tuple(values)) for key, values in data["mappings"]),
    )
