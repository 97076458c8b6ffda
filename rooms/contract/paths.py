"""Repo-relative POSIX paths and the glob dialect used by membership entries.

A path is refused when it is empty, holds a control character (NUL included) or a backslash, starts with
``/`` or ``~``, starts with a drive letter (``C:``), or has an empty, ``.`` or ``..`` segment. The single
path ``.`` (the repository root, used by ``repo.root`` and receipt ``cwd``) is allowed.

Globs: ``*`` matches within one segment, ``?`` one character of a segment, ``**`` any run of characters
including ``/`` (``a/**/b`` also matches ``a/b``). Brackets are literal, so ``pages/[id].tsx`` is an exact
path, as web frameworks name files.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from functools import lru_cache

from rooms.contract.error_codes import ErrorCode
from rooms.contract.errors import ContractError

_DRIVE = re.compile(r"^[A-Za-z]:")
# Unicode category Cc is exactly these code points: one regex search instead of a category lookup per
# character. Stored blocks are validated on every load, thousands of paths each, so a path that is plainly
# safe is recognised by one match (``SAFE_PATH``); the checks below only say what is wrong with the others.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SEGMENT = r"(?!\.\.?(?:/|$))[^/\\\x00-\x1f\x7f-\x9f]+"
SAFE_PATH = re.compile(rf"(?![A-Za-z]:|~){_SEGMENT}(?:/{_SEGMENT})*")


def path_problem(path: str) -> str | None:
    """Why `path` is not a safe repo-relative path, or None when it is."""
    if isinstance(path, str) and SAFE_PATH.fullmatch(path):
        return None
    if not isinstance(path, str) or path == "":
        return "must be a non-empty string"
    if CONTROL.search(path):
        return "must not contain control characters (NUL included)"
    if "\\" in path:
        return "must use '/' separators, not backslashes"
    if path.startswith("/"):
        return "must be repo-relative, not absolute"
    if path.startswith("~"):
        return "must not start with '~'"
    if _DRIVE.match(path):
        return "must not start with a drive letter"
    if path == ".":
        return None
    for segment in path.split("/"):
        if segment == "..":
            return "must not contain a '..' segment"
        if segment in ("", "."):
            return "must not contain an empty or '.' segment"
    return None


def validate_repo_path(path: str, *, field: str = "path") -> str:
    """Return `path` unchanged when safe; raise `ContractError(ErrorCode.INVALID_PATH)` naming `field` otherwise."""
    problem = path_problem(path)
    if problem is not None:
        raise ContractError(ErrorCode.INVALID_PATH, f"{field} {path!r} {problem}", field)
    return path


def is_glob(path: str) -> bool:
    """True when `path` holds a wildcard (``*`` or ``?``)."""
    return "*" in path or "?" in path


@lru_cache(maxsize=4096)
def _compile(glob: str) -> re.Pattern[str]:
    out: list[str] = []
    i = 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif glob[i] == "*":
            out.append("[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return re.compile("".join(out), re.DOTALL)


def path_matches(glob: str, path: str) -> bool:
    """True when `path` (taken literally) matches the whole of `glob`."""
    return _compile(glob).fullmatch(path) is not None


def glob_matches(glob: str, sorted_paths: Sequence[str]) -> Iterator[str]:
    """The paths of ``sorted_paths`` (in ascending order) that ``glob`` matches, in order.

    A match starts with the glob's text before its first wildcard, and sorted paths with one prefix are
    adjacent: only that run is tried, not every path (a map's globs would otherwise cost blocks x files).
    """
    wildcards = [i for i in (glob.find("*"), glob.find("?")) if i >= 0]
    head = glob[: min(wildcards)] if wildcards else glob
    pattern = _compile(glob)
    for i in range(bisect_left(sorted_paths, head), len(sorted_paths)):
        path = sorted_paths[i]
        if not path.startswith(head):
            return
        if pattern.fullmatch(path) is not None:
            yield path
