"""Rust ``mod`` declarations and ``use`` paths to files.

Crates come from ``Cargo.toml`` files (a tree without one is a single crate at the root); a
crate's modules live under its ``src/`` with ``lib.rs``/``main.rs`` as the root. ``mod x;``
resolves to ``x.rs`` or ``x/mod.rs`` next to (or under) the declaring module; ``use`` paths
starting with ``crate``, ``self``, ``super``, another workspace crate's name, or a child module of
the current module resolve to the file of their longest module prefix (items live in the file of
their module). ``std``/``core``/``alloc`` are the standard library; declared dependencies are
packages.

A ``use`` binds its last name (or its alias; a glob binds none), ``mod x;`` and ``extern crate x`` bind x. A
path that starts with a name nothing binds is in the repository only when that name is ``crate``/``self``/
``super``/``Self``, a crate of the workspace, or a type or module some Rust file defines (``Foo::new()``);
otherwise it is a crate outside (``std::process::exit``, ``serde_json::to_string``), the prelude's
(``Vec::new``) or a type parameter's (``T::default``).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from ingest.parse.model import FileParse, RawImport, RawReference
from ingest.resolve.base import (
    STDLIB_OUTCOME,
    UNRESOLVED_OUTCOME,
    ImportOutcome,
    LanguageResolver,
    RepoIndex,
    package,
    resolved,
)

_STANDARD_CRATES = frozenset({"std", "core", "alloc", "proc_macro", "test"})
_PATH_KEYWORDS = frozenset({"crate", "self", "super", "Self"})
_NAMESPACE_KINDS = frozenset({"struct", "enum", "trait", "module"})  # what a path can go through
_ROOT_FILES = ("lib.rs", "main.rs")


@dataclass(frozen=True)
class _Crate:
    directory: str
    name: str
    source: str  # where module files live
    root_file: str  # lib.rs / main.rs, "" when absent


def build(index: RepoIndex) -> LanguageResolver:
    imports = _RustImports(index)
    return LanguageResolver(imports.resolve, binds=_binds, outside=imports.outside)


def _binds(imp: RawImport) -> tuple[str, ...]:
    if imp.form in ("mod", "extern"):
        return (imp.specifier,)
    if imp.names:
        return tuple(name for name in imp.names if name != "_")
    last = imp.specifier.rpartition("::")[2]
    return () if last in ("*", "") or last in _PATH_KEYWORDS else (last,)


class _RustImports:
    def __init__(self, index: RepoIndex) -> None:
        self._paths = index.paths
        manifests = index.manifests_of("cargo")
        directories = [posixpath.dirname(path) for path, _ in manifests] or [""]
        names = {posixpath.dirname(path): manifest.name for path, manifest in manifests}
        self._crates = sorted(
            (self._crate(directory, names.get(directory, ""), index) for directory in directories),
            key=lambda crate: (-len(crate.directory), crate.directory),
        )
        self._by_name = {crate.name: crate for crate in self._crates if crate.name}
        self._declared = {name.replace("-", "_"): name for name in index.declared("cargo")}
        self._in_repository = _PATH_KEYWORDS | set(self._by_name) | index.defined_names("rust", _NAMESPACE_KINDS)

    def outside(self, names: list[str], ref: RawReference) -> bool:
        return names[0] not in self._in_repository

    def _crate(self, directory: str, name: str, index: RepoIndex) -> _Crate:
        source = posixpath.join(directory, "src")
        if source not in index.directories:
            source = directory
        root_file = next(
            (posixpath.join(source, name) for name in _ROOT_FILES if posixpath.join(source, name) in self._paths), ""
        )
        return _Crate(directory, name.replace("-", "_"), source, root_file)

    def resolve(self, parse: FileParse, imp: RawImport) -> ImportOutcome:
        crate = self._crate_of(parse.path)
        if imp.form == "mod":
            directory = self._module_dir(parse.path, crate)
            found = self._module_file(posixpath.join(directory, imp.specifier))
            return resolved(found) if found else UNRESOLVED_OUTCOME
        segments = [segment for segment in imp.specifier.split("::") if segment not in ("*", "")]
        if not segments:
            return UNRESOLVED_OUTCOME
        first, rest = segments[0], segments[1:]
        own = self._module_path(parse.path, crate)
        if first == "crate":
            return self._in_crate(crate, [], rest)
        if first == "self":
            return self._in_crate(crate, own, rest)
        if first == "super":
            base = list(own)
            while segments and segments[0] == "super":
                if not base:
                    return UNRESOLVED_OUTCOME
                base.pop()
                segments = segments[1:]
            return self._in_crate(crate, base, segments)
        if first in self._by_name:  # its own name too: its tests/ and examples/ use the library by its name
            return self._in_crate(self._by_name[first], [], rest)
        if first in _STANDARD_CRATES:
            return STDLIB_OUTCOME
        child = self._in_crate(crate, own, segments, minimum=len(own) + 1)
        if child.targets:
            return child
        if first in self._declared:
            return package("cargo", self._declared[first])
        return UNRESOLVED_OUTCOME

    def _in_crate(self, crate: _Crate, base: list[str], rest: list[str], minimum: int = 0) -> ImportOutcome:
        """The file of the longest module prefix of ``base + rest`` (items live in their module's file)."""
        segments = base + rest
        for size in range(len(segments), minimum - 1, -1):
            found = self._module_file(posixpath.join(crate.source, *segments[:size])) if size else crate.root_file
            if found:
                return resolved(found)
        return UNRESOLVED_OUTCOME

    def _crate_of(self, path: str) -> _Crate:
        for crate in self._crates:
            if not crate.directory or path.startswith(crate.directory + "/"):
                return crate
        return _Crate("", "", "", "")

    def _module_file(self, module: str) -> str | None:
        for candidate in (module + ".rs", posixpath.join(module, "mod.rs")):
            if candidate in self._paths:
                return candidate
        return None

    def _module_path(self, path: str, crate: _Crate) -> list[str]:
        """Module segments of a file inside its crate: ``src/a/b.rs`` -> [a, b]; roots -> []."""
        if self._is_root(path, crate):
            return []
        relative = path[len(crate.source) + 1 :] if crate.source else path
        segments = relative.removesuffix(".rs").split("/")
        return segments[:-1] if segments[-1] == "mod" else segments

    def _module_dir(self, path: str, crate: _Crate) -> str:
        """Where ``mod x;`` declared in ``path`` looks for ``x``."""
        name = posixpath.basename(path)
        if name == "mod.rs" or self._is_root(path, crate):
            return posixpath.dirname(path)
        return path.removesuffix(".rs")

    @staticmethod
    def _is_root(path: str, crate: _Crate) -> bool:
        """Crate roots: lib.rs/main.rs, binaries in src/bin/, and files outside src (tests, examples)."""
        if path == crate.root_file or (crate.source and not path.startswith(crate.source + "/")):
            return True
        return posixpath.dirname(path) == posixpath.join(crate.source, "bin")
