"""Where a file belongs before any graph is read: its home directory and its build module.

- A C/C++ header lives with its implementation: the directory of the source file of the same stem (the
  nearest one when there are several; in its own top-level tree unless it is a public header under an
  ``include/`` directory), else the mirrored source directory of an
  ``include/`` directory (``include/x/`` -> ``src/x/``, also dropping one project-name segment:
  ``Include/KlayGE/`` -> ``Src/``), else its own directory.
- A file in a mirrored test tree lives with the package it tests: ``.../src/test/java/p`` ->
  ``.../src/main/java/p`` (also ``integration-test``, ``component-test``) when that directory exists.
- A module is a directory holding a build manifest (Maven, Gradle, Cargo, npm, Go, Python, CMake, Visual
  Studio projects); a file's module is the deepest one above its home.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Iterable, Mapping

from rooms.candidate.units import shared_depth, tree_of

HEADER_EXTENSIONS = frozenset({".h", ".hh", ".hpp", ".hxx", ".inl", ".ipp", ".tcc"})
SOURCE_EXTENSIONS = frozenset({".c", ".cc", ".cpp", ".cxx", ".c++", ".m", ".mm"})
_INCLUDE_DIRS = frozenset({"include", "includes", "inc", "header", "headers"})
_SOURCE_DIRS = ("src", "source", "sources", "code", "lib")
_TEST_TREES = frozenset({"test", "tests", "integration-test", "component-test", "testfixtures"})
MANIFESTS = frozenset(
    {
        "pom.xml",
        "build.gradle",
        "build.gradle.kts",
        "Cargo.toml",
        "package.json",
        "go.mod",
        "pyproject.toml",
        "setup.py",
        "setup.cfg",
        "CMakeLists.txt",
        "meson.build",
        "BUILD",
        "BUILD.bazel",
        "composer.json",
    }
)
_PROJECT_SUFFIXES = (".vcxproj", ".csproj", ".fsproj", ".gemspec")


def _split(path: str) -> tuple[str, str]:
    stem, extension = posixpath.splitext(posixpath.basename(path))
    return stem.lower(), extension.lower()


def home_directories(paths: Iterable[str]) -> dict[str, str]:
    """Path -> the directory it belongs with (its own directory unless paired or mirrored)."""
    paths = sorted(set(paths))
    directories = {posixpath.dirname(p) for p in paths}
    sources: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        stem, extension = _split(path)
        if extension in SOURCE_EXTENSIONS:
            sources[stem].append(path)
    homes: dict[str, str] = {}
    for path in paths:
        stem, extension = _split(path)
        if extension in HEADER_EXTENSIONS:
            homes[path] = _header_home(path, sources.get(stem, []), directories)
        else:
            homes[path] = _test_home(posixpath.dirname(path), directories)
    return homes


def _header_home(path: str, same_stem: list[str], directories: set[str]) -> str:
    own = posixpath.dirname(path)
    segments = own.split("/") if own else []
    public = any(segment.lower() in _INCLUDE_DIRS for segment in segments)
    # A public header (under include/) pairs anywhere; one beside sources only in its own top-level tree.
    candidates = [s for s in same_stem if public or tree_of(s) == tree_of(path)]
    if candidates:
        best = min(candidates, key=lambda s: (-shared_depth(s, path), len(s), s))
        return posixpath.dirname(best)
    for index, segment in enumerate(segments):
        if segment.lower() not in _INCLUDE_DIRS:
            continue
        for replacement in _SOURCE_DIRS:
            for name in (replacement, replacement.capitalize()):
                for drop in (0, 1):
                    mirrored = "/".join(segments[:index] + [name] + segments[index + 1 + drop :])
                    if mirrored in directories and mirrored != own:
                        return mirrored
        break
    return own


def _test_home(directory: str, directories: set[str]) -> str:
    segments = directory.split("/") if directory else []
    for index, segment in enumerate(segments[1:], start=1):
        if segment in _TEST_TREES and segments[index - 1] == "src":
            mirrored = "/".join(segments[:index] + ["main"] + segments[index + 1 :])
            return mirrored if mirrored in directories else directory
    return directory


def is_manifest(path: str) -> bool:
    name = posixpath.basename(path)
    return name in MANIFESTS or name.endswith(_PROJECT_SUFFIXES)


def module_roots(paths: Iterable[str]) -> set[str]:
    """Directories holding a build manifest ("" for the repository root)."""
    return {posixpath.dirname(p) for p in paths if is_manifest(p)}


def module_of(directory: str, roots: set[str]) -> str | None:
    """The deepest module root at or above ``directory``; None when there is none."""
    while True:
        if directory in roots:
            return directory
        if not directory:
            return None
        directory = posixpath.dirname(directory)


def companion_modules(modules: Mapping[str, int]) -> dict[str, str]:
    """Module -> the sibling module it is a companion of, by name: ``foo-api``, ``foo_client`` and
    ``foo.contracts`` go with ``foo`` (the build says they ship one thing's interface)."""
    by_parent: dict[str, set[str]] = defaultdict(set)
    for module in modules:
        if module:
            by_parent[posixpath.dirname(module)].add(module)
    out: dict[str, str] = {}
    for siblings in by_parent.values():
        names = {posixpath.basename(m): m for m in siblings}
        for module in sorted(siblings):
            name = posixpath.basename(module)
            owners = [
                n
                for n in names
                if n != name and len(n) < len(name) and name[len(n) : len(n) + 1] in "-_." and name.startswith(n)
            ]
            if owners:
                out[module] = names[max(owners, key=len)]
    return out
