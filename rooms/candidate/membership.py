"""Membership entries (F0c §2b), roles, what each block resolves to, and the residue.

- A block lists ``dir/**`` for the shallowest directories of which it claims at least `glob_threshold`
  (90 %) of the files, and exact paths for the rest of its files. The repository root is never globbed.
- A seam file (a tie, F0c §2a) is always listed as an exact path with role ``shared`` — also under a glob
  of the same block — because a seam is the same path string on every claimant.
- Roles of exact entries: ``shared`` for seams, ``test`` for tests and benchmarks, ``docs`` for
  documentation and examples, ``primary`` otherwise; a glob is ``test``/``docs`` when every file it covers in the block is one,
  ``primary`` otherwise.
- What a block resolves to: its exact paths, plus the files under its globs that no other block lists
  exactly (under nested globs of two blocks, the deeper glob wins). The residue is every file no block resolves — with a glob covering a directory's unclaimed
  tenth, those files are the block's (the glob says so to every reader), never residue.
- Each residue file is listed in the ``unmapped_residue`` of exactly one block: the one whose anchor
  directory is nearest (deepest shared directory; then the larger block; then the smaller id).
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping

from rooms.candidate.inputs import FileInfo
from rooms.contract import Member, MemberRole

_TEST_DIRS = frozenset({"test", "tests", "__tests__", "spec", "specs", "testing", "e2e"})
_BENCH_DIRS = frozenset({"bench", "benches", "benchmark", "benchmarks"})
_EXAMPLE_DIRS = frozenset({"example", "examples", "sample", "samples", "demo", "demos"})
_TEST_NAME = re.compile(
    r"^(test_.*\.py|.*_test\.py|conftest\.py|.*_test\.go|.*\.(test|spec)\.[cm]?[jt]sx?|.*(Test|Tests|IT)\.(java|kt|cs)"
    r"|.*_spec\.rb|.*_test\.rb|.*Test\.php)$"
)


def is_test_path(path: str) -> bool:
    """A test, or a benchmark (it exercises the code as a test does)."""
    parts = path.split("/")
    return any(p in _TEST_DIRS or p in _BENCH_DIRS for p in parts[:-1]) or _TEST_NAME.match(parts[-1]) is not None


def is_example_path(path: str) -> bool:
    return any(p in _EXAMPLE_DIRS for p in path.split("/")[:-1])


def serves_the_code(path: str) -> bool:
    """Tests, benchmarks and examples: they attach to the block they use rather than make blocks."""
    return is_test_path(path) or is_example_path(path)


def role_of(info: FileInfo) -> MemberRole:
    if is_test_path(info.path):
        return MemberRole.TEST
    if info.language == "docs" or is_example_path(info.path):  # an example documents how the code is used
        return MemberRole.DOCS
    return MemberRole.PRIMARY


def ancestors(path: str) -> list[str]:
    """The directories above a file, deepest first, the root excluded."""
    out: list[str] = []
    directory = posixpath.dirname(path)
    while directory:
        out.append(directory)
        directory = posixpath.dirname(directory)
    return out


def subtree_counts(paths: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for path in paths:
        for directory in ancestors(path):
            counts[directory] += 1
    return dict(counts)


def entries_for(files: set[str], shared: set[str], infos: Mapping[str, FileInfo], subtree: Mapping[str, int],
                threshold: float) -> list[Member]:
    """The membership entries of a block claiming ``files`` (``shared`` among them are seams)."""
    claimed: dict[str, int] = defaultdict(int)
    for path in files:
        for directory in ancestors(path):
            claimed[directory] += 1
    globs: list[str] = []
    for directory in sorted(claimed, key=lambda d: (d.count("/"), d)):
        if any(directory == g or directory.startswith(g + "/") for g in globs):
            continue
        if claimed[directory] >= threshold * subtree[directory]:
            globs.append(directory)
    entries: list[Member] = []
    covered: set[str] = set()
    for directory in globs:
        inside = [p for p in files if p.startswith(directory + "/")]
        covered.update(inside)
        roles = {role_of(infos[p]) for p in inside}
        role = roles.pop() if len(roles) == 1 and roles <= {MemberRole.TEST, MemberRole.DOCS} else MemberRole.PRIMARY
        entries.append(Member(path=f"{directory}/**", role=role))
    for path in sorted(files):
        if path in shared:
            entries.append(Member(path=path, role=MemberRole.SHARED))
        elif path not in covered:
            entries.append(Member(path=path, role=role_of(infos[path])))
    return sorted(entries, key=lambda m: m.path)


def resolve(entries: Mapping[str, list[Member]], paths: Iterable[str]) -> dict[str, set[str]]:
    """Block id -> the files it resolves to (exact entries, plus glob-covered files no other block lists)."""
    exact_owner: dict[str, list[str]] = defaultdict(list)
    glob_owner: dict[str, list[str]] = defaultdict(list)  # globbed directory -> blocks
    for block_id, members in entries.items():
        for member in members:
            if member.path.endswith("/**"):
                glob_owner[member.path[:-3]].append(block_id)
            else:
                exact_owner[member.path].append(block_id)
    out: dict[str, set[str]] = {block_id: set() for block_id in entries}
    for path in paths:
        deepest = next((d for d in ancestors(path) if d in glob_owner), "")
        for block_id in exact_owner.get(path) or glob_owner.get(deepest, []):
            out[block_id].add(path)
    return out


def residue_home(path: str, anchors: Mapping[str, str], sizes: Mapping[str, int]) -> str:
    """The block whose ``unmapped_residue`` lists ``path``: nearest anchor, then larger, then smaller id."""
    directory = posixpath.dirname(path)

    def shared_depth(anchor: str) -> int:
        depth = 0
        for a, b in zip(anchor.split("/") if anchor else [], directory.split("/") if directory else []):
            if a != b:
                break
            depth += 1
        return depth

    return min(anchors, key=lambda b: (-shared_depth(anchors[b]), -sizes[b], b))
