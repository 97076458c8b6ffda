"""Go import paths to files.

An import of a package in this repository (its path under some ``go.mod`` module path, longest
module wins) becomes an IMPORTS edge to every non-test ``.go`` file of the package directory:
a Go package is its directory, and per-file edges keep the graph file-level like every other
language. The standard library is any path whose first element has no dot; a path under a
``require`` of some go.mod is that module's package; anything else is unresolved.

An import binds its alias, else its package's usual name: the last element of its path, without a major version
(``/v2``, ``.v3``) or a ``go-`` prefix or ``-go`` suffix. A name bound that way to a package outside the repository
(``fmt``) qualifies nothing of it; a selector on a name no import binds is a value's, and is not judged.
"""

from __future__ import annotations

import posixpath
import re

from ingest.parse.model import FileParse, RawImport
from ingest.resolve.base import (
    STDLIB_OUTCOME,
    UNRESOLVED_OUTCOME,
    ImportOutcome,
    LanguageResolver,
    RepoIndex,
    package,
    resolved,
)

_MAJOR_VERSION = re.compile(r"v\d+")


def build(index: RepoIndex) -> LanguageResolver:
    imports = _GoImports(index)
    return LanguageResolver(imports.resolve, imports.peers, binds=_binds)


def _binds(imp: RawImport) -> tuple[str, ...]:
    if imp.names:  # an alias; a dot or blank import binds no name
        return () if imp.names[0] in (".", "_") else imp.names
    elements = imp.specifier.split("/")
    name = elements[-2] if len(elements) > 1 and _MAJOR_VERSION.fullmatch(elements[-1]) else elements[-1]
    name = re.sub(r"\.v\d+$", "", name).removeprefix("go-").removesuffix("-go")
    return (name,) if name.isidentifier() else ()


class _GoImports:
    def __init__(self, index: RepoIndex) -> None:
        self._index = index
        modules = [
            (manifest.name, posixpath.dirname(path)) for path, manifest in index.manifests_of("go") if manifest.name
        ]
        self._modules = sorted(modules, key=lambda item: (-len(item[0]), item))
        self._requires = sorted(index.declared("go"), key=lambda name: (-len(name), name))

    def resolve(self, parse: FileParse, imp: RawImport) -> ImportOutcome:
        spec = imp.specifier
        for module_path, directory in self._modules:
            if spec == module_path or spec.startswith(module_path + "/"):
                package_dir = (
                    posixpath.join(directory, spec[len(module_path) + 1 :]) if spec != module_path else directory
                )
                files = self._package_files(package_dir)
                return resolved(*files) if files else UNRESOLVED_OUTCOME
        if "." not in spec.split("/")[0]:
            return STDLIB_OUTCOME
        for required in self._requires:
            if spec == required or spec.startswith(required + "/"):
                return package("go", required)
        return UNRESOLVED_OUTCOME

    def peers(self, parse: FileParse) -> list[str]:
        """The other files of the same package (same directory and package clause)."""
        return [
            path
            for path in self._index.files_in_dir.get(posixpath.dirname(parse.path), ())
            if path != parse.path
            and self._index.parses[path].language == "go"
            and self._index.parses[path].namespaces == parse.namespaces
        ]

    def _package_files(self, directory: str) -> list[str]:
        return [
            path
            for path in self._index.files_in_dir.get(directory, ())
            if path.endswith(".go") and not path.endswith("_test.go")
        ]
