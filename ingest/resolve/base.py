"""What every language resolver shares: the outcome of resolving one import, and the repo index."""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from ingest.manifests import Manifest
from ingest.parse.model import FileParse, RawImport, RawReference

RESOLVED = "resolved"
PACKAGE = "package"
STDLIB = "stdlib"
AMBIGUOUS = "ambiguous"
UNRESOLVED = "unresolved"


class ImportOutcome(NamedTuple):  # a NamedTuple: one per import, made faster than a dataclass
    status: str
    targets: tuple[str, ...] = ()  # repo paths, when resolved
    confidence: float = 1.0
    package: tuple[str, str] | None = None  # (ecosystem, name), when a declared third-party package


def resolved(*targets: str, confidence: float = 1.0) -> ImportOutcome:
    return ImportOutcome(RESOLVED, tuple(sorted(set(targets))), confidence)


def package(ecosystem: str, name: str) -> ImportOutcome:
    return ImportOutcome(PACKAGE, package=(ecosystem, name))


STDLIB_OUTCOME = ImportOutcome(STDLIB)
AMBIGUOUS_OUTCOME = ImportOutcome(AMBIGUOUS)
UNRESOLVED_OUTCOME = ImportOutcome(UNRESOLVED)


@dataclass(frozen=True)
class LanguageResolver:
    """How one language turns imports into files/packages, which files share its scope, and which qualifiers
    name something outside the repository."""

    resolve: Callable[[FileParse, RawImport], ImportOutcome]
    # Files whose top-level names are visible without an import (Go package, Java package, ...).
    peers: Callable[[FileParse], Iterable[str]] = field(default=lambda _parse: ())
    # The names an import binds in its file (``use std::fmt`` binds fmt, ``import os.path`` binds os). A
    # qualifier whose first name is bound only by imports of the standard library or of declared packages
    # qualifies nothing of the repository; nor does a plain name so bound, unless the file itself defines it.
    binds: Callable[[RawImport], Iterable[str]] = field(default=lambda _imp: ())
    # Whether a qualifier whose first name no import binds is outside the repository (Rust ``std::``, Java
    # ``java.util.``), given its names and the reference; by default it is not known to be.
    outside: Callable[[list[str], RawReference], bool] = field(default=lambda _names, _ref: False)


class RepoIndex:
    """Facts about the whole scanned tree that resolvers look up."""

    def __init__(self, parses: Mapping[str, FileParse]) -> None:
        self.parses = parses
        self.paths = frozenset(parses)
        files_in_dir: dict[str, list[str]] = defaultdict(list)
        for path in sorted(parses):
            files_in_dir[posixpath.dirname(path)].append(path)
        self.files_in_dir: Mapping[str, list[str]] = files_in_dir
        self.manifests: tuple[tuple[str, Manifest], ...] = tuple(
            (path, manifest) for path in sorted(parses) if (manifest := parses[path].manifest) is not None
        )

    @cached_property
    def directories(self) -> frozenset[str]:
        found = set()
        for directory in self.files_in_dir:
            while directory and directory not in found:
                found.add(directory)
                directory = posixpath.dirname(directory)
        return frozenset(found)

    def manifests_of(self, *ecosystems: str) -> list[tuple[str, Manifest]]:
        return [(path, manifest) for path, manifest in self.manifests if manifest.ecosystem in ecosystems]

    def declared(self, *ecosystems: str) -> frozenset[str]:
        return frozenset(name for _, manifest in self.manifests_of(*ecosystems) for name in manifest.dependencies)

    def language_files(self, *languages: str) -> list[str]:
        return [path for path in sorted(self.parses) if self.parses[path].language in languages]

    def defined_names(self, language: str, kinds: frozenset[str]) -> frozenset[str]:
        """The names of the symbols of these kinds that some file of ``language`` defines."""
        return frozenset(
            symbol.name
            for path in self.language_files(language)
            for symbol in self.parses[path].symbols
            if symbol.kind in kinds
        )


def normalize_join(directory: str, relative: str) -> str | None:
    """``directory/relative`` normalised; None if it leaves the repository."""
    joined = posixpath.normpath(posixpath.join(directory, relative)) if relative else directory
    if joined == ".":
        return ""
    if joined == ".." or joined.startswith("../") or joined.startswith("/"):
        return None
    return joined


def ancestors(path: str) -> list[str]:
    """The directories holding ``path``, innermost first, ending with the root ``""``."""
    found = []
    directory = posixpath.dirname(path)
    while True:
        found.append(directory)
        if not directory:
            return found
        directory = posixpath.dirname(directory)
