"""Which files of a tree are part of the code graph, and why the others are not.

Listing: ``git ls-files --cached --others --exclude-standard`` in a git work tree, otherwise a walk
honouring every ``.gitignore`` (nested files, negations). Then every path is filtered by its
directories (vendored, virtualenv, build output, caches, VCS metadata, and any reached through a
symlink: git lists files committed under a directory since replaced by a link), its kind (symlinks
that leave the root or loop, non-files, invalid names) and its size; ``read_candidate`` adds the
content checks (binary, minified, unreadable). Each skip is counted by reason; a directory pruned
during a walk is one entry ending in ``/``.
"""

from __future__ import annotations

import errno
import os
import posixpath
import re
import stat
import subprocess
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pathspec

from ingest.languages import is_cpp_source, language_of
from ingest.options import ScanOptions
from ingest.records import SkippedEntry

_DIRECTORY_REASONS = {
    **dict.fromkeys(("node_modules", "vendor", "bower_components", "jspm_packages"), "vendored"),
    **dict.fromkeys((".venv", "venv", "virtualenv", ".virtualenv", "virtualenvs", ".tox", ".nox"), "virtualenv"),
    **dict.fromkeys(("build", "dist", "target", "out", "_build", ".next", ".nuxt"), "build_output"),
    **dict.fromkeys(
        (
            "__pycache__",
            ".mypy_cache",
            ".pytest_cache",
            ".ruff_cache",
            ".hypothesis",
            ".gradle",
            ".eggs",
        ),
        "cache",
    ),
    **dict.fromkeys((".git", ".hg", ".svn"), "vcs"),
}
_MINIFIED_SUFFIXES = (".min.js", ".min.mjs", ".min.cjs", ".min.css", "-min.js", ".bundle.js")
_MINIFIABLE_LANGUAGES = frozenset({"javascript", "typescript", "css"})
_SNIFF_BYTES = 8192
_CONTROL_CHARACTER = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class Candidate:
    path: str  # repo-relative POSIX
    language: str


@dataclass(frozen=True, slots=True)
class Discovery:
    candidates: tuple[Candidate, ...]
    skipped: tuple[SkippedEntry, ...]
    method: str  # "git" | "walk"


def discover(root: Path, options: ScanOptions, *, listed: tuple[int, Callable[[], object]] | None = None) -> Discovery:
    """The candidate files under ``root`` (an absolute, resolved path) and the skipped entries. ``listed``
    ``(n, call)``: ``call()`` once n paths are listed, while discovery goes on (never, for fewer paths)."""
    listing = _git_listing(root) if options.use_git else None
    method = "git" if listing is not None else "walk"
    skipped: list[SkippedEntry] = []
    paths: Iterable[str] = listing if listing is not None else _walk_listing(root, skipped)
    listed_paths = list(paths if listed is None else _calling_at(paths, *listed))
    # A walk prunes vendored, virtualenv, build and cache directories as it goes; git's listing is filtered here.
    venv_dirs = _VirtualenvDirs(root) if listing is not None else None
    kept: list[str] = []
    linked_dirs: dict[str, str | None] = {}
    for path in sorted(set(listed_paths)):
        entry = _classify(root, path, options, venv_dirs, linked_dirs)
        if entry is None:
            kept.append(path)
        else:
            skipped.append(entry)
    headers_are_cpp = any(is_cpp_source(path) for path in kept)
    candidates = tuple(Candidate(path, language_of(path, headers_are_cpp=headers_are_cpp)) for path in kept)
    return Discovery(candidates, tuple(sorted(skipped, key=lambda e: (e.path, e.reason))), method)


def _calling_at(paths: Iterable[str], count: int, call: Callable[[], object]) -> Iterator[str]:
    """``paths`` as they come, calling ``call()`` when the ``count``-th is listed."""
    for index, path in enumerate(paths, 1):
        if index == count:
            call()
        yield path


def read_candidate(root: Path, candidate: Candidate, options: ScanOptions) -> bytes | SkippedEntry:
    """The file's bytes, or why its content keeps it out (binary, minified, unreadable)."""
    try:
        data = (root / candidate.path).read_bytes()
    except OSError as exc:
        return SkippedEntry(candidate.path, "unreadable", exc.strerror or type(exc).__name__)
    if b"\0" in data[:_SNIFF_BYTES]:
        return SkippedEntry(candidate.path, "binary")
    if len(data) > options.max_file_bytes:  # grew since discovery
        return SkippedEntry(candidate.path, "too_large", f"{len(data)} bytes > {options.max_file_bytes}")
    if candidate.language in _MINIFIABLE_LANGUAGES or candidate.path.endswith(".css"):
        lines = data.count(b"\n") + 1
        if len(data) / lines > options.minified_mean_line_length:
            return SkippedEntry(candidate.path, "minified", f"mean line length {len(data) // lines}")
    return data


def _git_listing(root: Path) -> list[str] | None:
    """Paths from git; None when root is not in a git work tree, is ignored by it, or git is missing."""
    try:
        inside = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--is-inside-work-tree"],
            capture_output=True,
            check=False,
        )
        if inside.returncode != 0 or inside.stdout.strip() != b"true":
            return None
        ignored = subprocess.run(["git", "-C", str(root), "check-ignore", "-q", "."], capture_output=True, check=False)
        if ignored.returncode == 0:  # e.g. a tree inside an ignored folder of some other repository
            return None
        listing = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return [os.fsdecode(raw) for raw in listing.stdout.split(b"\0") if raw]


def _walk_listing(root: Path, skipped: list[SkippedEntry]) -> Iterator[str]:
    """Files under root not ignored by any .gitignore; vendored trees are pruned and recorded."""
    # Each directory's .gitignore files in effect, outermost first: (directory, spec) of itself and its ancestors.
    in_effect: dict[str, tuple[tuple[str, pathspec.GitIgnoreSpec], ...]] = {}
    top = str(root)
    prefix = os.path.join(top, "")  # os.walk joins each name to its directory: this prefix, then the relative path
    for directory, dirnames, filenames in os.walk(top, followlinks=False):
        rel_dir = "" if directory == top else directory[len(prefix) :].replace(os.sep, "/")
        ignores = in_effect.get(posixpath.dirname(rel_dir), ()) if rel_dir else ()
        if ".gitignore" in filenames:
            try:
                lines = Path(directory, ".gitignore").read_text("utf-8", "replace").splitlines()
                ignores = (*ignores, (rel_dir, pathspec.GitIgnoreSpec.from_lines(lines)))
            except OSError:
                pass
        in_effect[rel_dir] = ignores
        kept_dirs = []
        for name in sorted(dirnames):
            rel = posixpath.join(rel_dir, name)
            if _ignored(ignores, rel, is_dir=True):
                continue
            if os.path.islink(os.path.join(directory, name)):
                yield rel  # classified like any listed path (loop, outside root, directory)
                continue
            reason = _directory_reason(name)
            if reason is None and os.path.isfile(os.path.join(directory, name, "pyvenv.cfg")):
                reason = "virtualenv"
            if reason:
                skipped.append(SkippedEntry(rel + "/", reason))
                continue
            kept_dirs.append(name)
        dirnames[:] = kept_dirs
        for name in filenames:
            rel = posixpath.join(rel_dir, name)
            if not _ignored(ignores, rel, is_dir=False):
                yield rel


def _ignored(ignores: tuple[tuple[str, pathspec.GitIgnoreSpec], ...], rel: str, *, is_dir: bool) -> bool:
    """Git semantics: the deepest .gitignore with a matching pattern decides (negations included)."""
    for directory, spec in reversed(ignores):
        relative = rel[len(directory) + 1 :] if directory else rel
        result = spec.check_file(relative + "/" if is_dir else relative)
        if result.include is not None:
            return result.include
    return False


# Copies of other projects' code: third_party, 3rd-party, ThirdParty, thirdparty (as GitHub Linguist's vendor list).
_THIRD_PARTY = re.compile(r"(?:3rd|third)[-_]?party", re.IGNORECASE)


def _directory_reason(name: str) -> str | None:
    if name.endswith(".egg-info"):
        return "cache"
    if _THIRD_PARTY.fullmatch(name):
        return "vendored"
    return _DIRECTORY_REASONS.get(name)


class _VirtualenvDirs:
    """Remembers which directories are virtualenvs (hold a ``pyvenv.cfg``)."""

    def __init__(self, root: Path) -> None:
        self._root = str(root)
        self._known: dict[str, bool] = {}

    def is_virtualenv(self, directory: str) -> bool:
        if directory not in self._known:
            self._known[directory] = os.path.isfile(os.path.join(self._root, directory, "pyvenv.cfg"))
        return self._known[directory]


def _classify(
    root: Path, path: str, options: ScanOptions, venvs: _VirtualenvDirs | None, linked_dirs: dict[str, str | None]
) -> SkippedEntry | None:
    """Why ``path`` is skipped, if it is; ``venvs``: None when its directories passed the walk's filters;
    ``linked_dirs``: what :func:`_linked_directory` found for each directory so far."""
    if not _valid_name(path):
        return SkippedEntry(path.encode("utf-8", "backslashreplace").decode("ascii", "replace"), "invalid_path")
    if venvs is not None:
        parts = path.split("/")
        for depth, name in enumerate(parts[:-1]):
            reason = _directory_reason(name)
            if reason is None and venvs.is_virtualenv("/".join(parts[: depth + 1])):
                reason = "virtualenv"
            if reason:
                return SkippedEntry(path, reason)
    if path.endswith(_MINIFIED_SUFFIXES):
        return SkippedEntry(path, "minified")
    linked = _linked_directory(root, posixpath.dirname(path), linked_dirs)
    if linked:
        return SkippedEntry(path, linked)
    full = os.path.join(root, path)
    try:
        info = os.lstat(full)
    except FileNotFoundError:  # in git's index, deleted from the work tree
        return SkippedEntry(path, "missing")
    except OSError as exc:
        return SkippedEntry(path, "unreadable", exc.strerror or type(exc).__name__)
    if stat.S_ISLNK(info.st_mode):
        problem = _symlink_problem(root, Path(full))
        if problem:
            return SkippedEntry(path, problem)
        info = os.stat(full)
    if not stat.S_ISREG(info.st_mode):
        return SkippedEntry(path, "not_a_file")
    if info.st_size > options.max_file_bytes:
        return SkippedEntry(path, "too_large", f"{info.st_size} bytes > {options.max_file_bytes}")
    return None


def _linked_directory(root: Path, directory: str, seen: dict[str, str | None]) -> str | None:
    """Why files in ``directory`` are skipped when it is reached through a symbolic link (git lists what its
    index holds, even under a directory since replaced by a link; ``lstat`` follows every link but the last):
    it leads out of the root, or its files are listed under their real path already."""
    if not directory:
        return None
    if directory not in seen:
        lexical = os.path.join(root, directory)
        real = Path(os.path.realpath(lexical))
        if str(real) == lexical:
            seen[directory] = None
        elif real != root and root not in real.parents:
            seen[directory] = "symlink_outside_root"
        else:
            seen[directory] = "symlink_directory"
    return seen[directory]


def _symlink_problem(root: Path, link: Path) -> str | None:
    try:
        target = Path(os.path.realpath(link, strict=True))
    except OSError as exc:
        return "symlink_loop" if exc.errno == errno.ELOOP else "broken_symlink"
    if target != root and root not in target.parents:
        return "symlink_outside_root"
    if target.is_dir():
        # Its files are already listed under their real path; a link to an ancestor is a loop.
        return "symlink_loop" if target == link.parent or target in link.parents else "symlink_directory"
    return None


def _valid_name(path: str) -> bool:
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes surfaced as surrogates
        return False
    return _CONTROL_CHARACTER.search(path) is None
