"""F0c §2c — the declared degeneration fallbacks, per repository class.

- ``tiny_repo`` (fewer than `tiny_repo_files` files): one block per top-level directory, no clustering
  (below that size communities are noise). Root-level code files join the directory they share the most
  edge weight with; without an edge they stay in the residue. A repository with no subdirectory at all
  gets one block of its root code files.
- ``docs_no_edge`` (fewer file pairs joined by an edge than ``max(no_edge_min_pairs, no_edge_ratio *
  code files)``, or no code at all): directory + extension clustering — one unit per top-level directory
  and extension family, small units merged into their nearest relative by directory; ``graph_cohesion``
  stays None on every block (nothing is faked).
- ``single_directory`` (90 % or more of the code directly at the root or under one top-level directory):
  the clamp cannot separate anything, so the structure splits that directory by community (its
  sub-directories and file groups split by the graph). Named in the report; it needs no other code path.
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from collections.abc import Sequence

from rooms.candidate.graph import FileGraph
from rooms.candidate.inputs import FileInfo
from rooms.candidate.params import ClusterParams
from rooms.candidate.report import Fallback
from rooms.candidate.units import Unit, common_directory, shared_depth, tree_of

SINGLE_DIRECTORY_SHARE = 0.9

_FAMILIES = {
    "docs": "docs",
    "config": "config",
}
_IMAGE_EXTENSIONS = frozenset({".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".ico", ".bmp"})


def plan_fallback(files: Sequence[FileInfo], edge_pairs: int, params: ClusterParams) -> Fallback | None:
    """The fallback decided before any clustering (tiny or no-edge repository), or None."""
    if len(files) < params.tiny_repo_files:
        return Fallback.TINY_REPO
    code = sum(1 for f in files if f.is_code)
    if code == 0 or edge_pairs < max(params.no_edge_min_pairs, params.no_edge_ratio * code):
        return Fallback.DOCS_NO_EDGE
    return None


def is_single_directory(files: Sequence[FileInfo]) -> bool:
    trees = Counter(tree_of(f.path) for f in files if f.is_code)
    total = sum(trees.values())
    return total > 0 and max(trees.values()) >= SINGLE_DIRECTORY_SHARE * total


def tiny_units(files: Sequence[FileInfo], graph: FileGraph) -> list[Unit]:
    by_tree: dict[str, set[str]] = defaultdict(set)
    root_code: list[str] = []
    for f in sorted(files, key=lambda f: f.path):
        tree = tree_of(f.path)
        if tree:
            by_tree[tree].add(f.path)
        elif f.is_code:
            root_code.append(f.path)
    units = [Unit(files=paths, anchor=tree) for tree, paths in sorted(by_tree.items())]
    if not units:
        return [Unit(files=set(root_code), anchor="")] if root_code else []
    for path in root_code:  # joins the directory it shares the most weight with; else residue
        weights = [graph.weight_to(path, u.files) for u in units]
        if max(weights) > 0:
            units[max(range(len(units)), key=lambda i: (weights[i], -i))].files.add(path)
    return units


def family_of(f: FileInfo) -> str:
    """The extension family of a file: its language for code, else docs/config/images/other."""
    if f.language in _FAMILIES:
        return _FAMILIES[f.language]
    if posixpath.splitext(f.path)[1].lower() in _IMAGE_EXTENSIONS:
        return "images"
    return f.language


def directory_extension_units(files: Sequence[FileInfo], floor: int) -> list[Unit]:
    groups: dict[tuple[str, str], set[str]] = defaultdict(set)
    for f in sorted(files, key=lambda f: f.path):
        tree = tree_of(f.path)
        if tree:  # root files stay in the residue
            groups[(tree, family_of(f))].add(f.path)
    by_tree: dict[str, list[Unit]] = defaultdict(list)
    for (tree, family), paths in sorted(groups.items()):
        anchor = common_directory(posixpath.dirname(p) for p in paths)
        by_tree[tree].append(Unit(files=paths, anchor=anchor, tag=family, label=family))
    return [u for tree in sorted(by_tree) for u in _merge_small(by_tree[tree], floor)]


def _merge_small(units: list[Unit], floor: int) -> list[Unit]:
    """Each unit smaller than ``floor`` joins its nearest relative by directory (no edges to go by)."""
    alive = list(units)
    for unit in sorted(units, key=lambda u: (len(u.files), u.anchor, u.tag)):
        if len(alive) == 1 or len(unit.files) >= floor:
            continue
        others = [u for u in alive if u is not unit]
        best = max(
            range(len(others)), key=lambda i: (shared_depth(unit.anchor, others[i].anchor), len(others[i].files), -i)
        )
        others[best].files |= unit.files
        alive = others
    return alive
