"""F0c §2b — communities × directories, directory-first (FLOOR = `min_block_size`, top-level clamp).

The ladder works bottom-up over the directory tree, one top-level tree at a time (the clamp: no unit ever
spans two top-level trees). At each directory D:

1. D's own files are one unit — split into community groups only when the graph says so: at least two
   groups of FLOOR files each keeping `split_cohesion` of their in-directory edge weight inside the
   group. In a flat directory holding half the repository's code (the single-directory class) the
   ladder goes community-first: any such group with internal edges stands apart. The other files of D
   join the group they are most connected to.
2. The units of D's subdirectories join D's units; units that belong to the same community merge
   (sibling directories merge when the graph says so). A unit belongs to a community when that
   community holds at least `merge_share` of its claimed files — a directory whose files scatter over
   many communities (typically utilities used everywhere) belongs to none and merges with nothing.
3. Units without any claim (no graph node, e.g. templates, docs) attach by directory: into D's only
   claimed unit, or D's own (largest) claimed unit; when D has no claimed unit at all they merge
   together as D's unit; otherwise they stay directory modules of their own.

Then, per top-level tree, every unit smaller than FLOOR merges into the unit of the same tree it shares
the most (hub-damped) edge weight with, or, without edges, into its nearest relative by directory — a
single pass (the "costura"). A tree holding a single unit keeps it, whatever its size — except a tree
of fewer than FLOOR files none of which has a graph node (a lone Dockerfile, a CI script): it clusters
nowhere and stays in the residue.

A top-level test tree (``tests/``, ``test/``, ``spec/``, ``__tests__/``, ``e2e/``, ``testing/``) is one
unit: tests cut across modules by design — their communities are the modules they exercise — and a
whiteboard draws them as one box. (Tests beside their code, or in a mirrored tree under ``src/``, stay
with the modules they sit in.)

Files at the repository root belong to no tree: code files there form units the same way; a root unit of
FLOOR files or more stands alone, a smaller one joins the tree unit it is most connected to, and what has
no edge at all (README, LICENSE, manifests) stays in the residue. In a repository without subdirectories
the root units are the blocks.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from rooms.candidate.claims import Claims
from rooms.candidate.graph import FileGraph
from rooms.candidate.inputs import FileInfo

TEST_TREES = frozenset({"test", "tests", "spec", "specs", "__tests__", "e2e", "testing"})
FLAT_SHARE = 0.5


@dataclass(eq=False)
class Unit:
    """A proto-block: its files, the directory it stands for and, for a group split out of a directory,
    a tag telling it apart from its siblings (the group's smallest path when it was formed: its id key)
    and a label (its most connected file: its name)."""

    files: set[str]
    anchor: str
    tag: str = ""
    label: str = ""
    tree: str = ""
    claimed: bool = False


@dataclass(frozen=True)
class LadderResult:
    """The units; every file in none of them is residue."""

    units: list[Unit]


def tree_of(path: str) -> str:
    """The top-level directory of a file ("" for a file at the root)."""
    return path.split("/", 1)[0] if "/" in path else ""


def common_directory(paths: Iterable[str]) -> str:
    """The deepest directory containing every path given (directories, not files)."""
    parts = [p.split("/") if p else [] for p in paths]
    if not parts:
        return ""
    prefix: list[str] = []
    for segments in zip(*parts):
        if all(s == segments[0] for s in segments):
            prefix.append(segments[0])
        else:
            break
    return "/".join(prefix)


def _shared_depth(a: str, b: str) -> int:
    common = common_directory([a, b])
    return len(common.split("/")) if common else 0


class Ladder:
    def __init__(self, files: Iterable[FileInfo], claims: Claims, graph: FileGraph, *, floor: int,
                 split_cohesion: float, merge_share: float) -> None:
        self.files = {f.path: f for f in files}
        self.claims = claims
        self.graph = graph
        self.floor = floor
        self.split_cohesion = split_cohesion
        self.merge_share = merge_share
        self.code_files = sum(1 for f in self.files.values() if f.is_code)
        self.direct: dict[str, list[str]] = defaultdict(list)
        self.children: dict[str, set[str]] = defaultdict(set)
        for path in sorted(self.files):
            directory = posixpath.dirname(path)
            self.direct[directory].append(path)
            while directory:
                parent = posixpath.dirname(directory)
                self.children[parent].add(directory)
                directory = parent

    # -- public -------------------------------------------------------------------------------------------

    def run(self) -> LadderResult:
        units: list[Unit] = []
        for tree in sorted(self.children[""]):
            if tree.lower() in TEST_TREES:
                found = [self._unit(set(self._subtree(tree)), tree, tree=tree)]
            else:
                found = self.costura(self.form(tree))
            stray = len(found) == 1 and len(found[0].files) < self.floor and not found[0].claimed
            if not stray:  # a stray directory of a file or two without graph nodes clusters nowhere
                units.extend(found)
        return LadderResult(units + self.root_units(units))

    def _subtree(self, directory: str) -> list[str]:
        return [p for p in self.files if p.startswith(directory + "/")]

    # -- step 1-3: bottom-up formation --------------------------------------------------------------------

    def form(self, directory: str) -> list[Unit]:
        units: list[Unit] = []
        for child in sorted(self.children[directory]):
            units.extend(self.form(child))
        own = self.split_directory(directory, self.direct.get(directory, []))
        units = self.merge_same_community(units + own, directory)
        return self.attach_unclaimed(units, own, directory)

    def split_directory(self, directory: str, paths: list[str]) -> list[Unit]:
        """D's own files: one unit, or several community groups when the graph says so."""
        if not paths:
            return []
        tree = tree_of(paths[0])
        everything = set(paths)
        groups: dict[int, set[str]] = defaultdict(set)
        for path in paths:
            for community in self.claims.of(path):
                groups[community].add(path)
        # Community-first in a flat directory holding half the code (the single-directory class):
        # any group with internal edges stands apart; elsewhere the directory module needs `split_cohesion`.
        flat = sum(1 for p in paths if self.files[p].is_code) >= FLAT_SHARE * self.code_files
        threshold = 0.0 if flat else self.split_cohesion
        distinct = sorted(c for c, group in groups.items() if self._stands_apart(group, everything, threshold))
        if len(distinct) < 2:
            return [self._unit(everything, directory, tree=tree)]
        parts = {c: set(groups[c]) for c in distinct}
        placed = set().union(*parts.values())
        for path in sorted(everything - placed):
            parts[self._best_part(path, parts)].add(path)
        return sorted((self._unit(files, directory, tag=min(files), label=self._hub_file(files), tree=tree)
                       for files in parts.values()), key=lambda u: u.tag)

    def _stands_apart(self, group: set[str], everything: set[str], threshold: float) -> bool:
        if len(group) < self.floor:
            return False
        inside = self.graph.internal(group)
        if inside <= 0:
            return False
        across = self.graph.between(group, everything - group)
        return inside / (inside + across) >= threshold

    def _best_part(self, path: str, parts: dict[int, set[str]]) -> int:
        weights = {c: self.graph.weight_to(path, files) for c, files in parts.items()}
        if max(weights.values()) > 0:
            return min(weights, key=lambda c: (-weights[c], c))
        own = [c for c in self.claims.of(path) if c in parts]
        if own:
            return own[0]
        return min(parts, key=lambda c: (-len(parts[c]), c))

    def _hub_file(self, files: set[str]) -> str:
        """The file with the most edge weight inside ``files`` (smallest path on a tie)."""
        return min(files, key=lambda f: (-round(self.graph.weight_to(f, files), 9), f))

    def merge_same_community(self, units: list[Unit], directory: str) -> list[Unit]:
        by_community: dict[int, list[Unit]] = defaultdict(list)
        out: list[Unit] = []
        for unit in units:
            community = self._identity(unit)
            if community is None:
                out.append(unit)
            else:
                by_community[community].append(unit)
        claimed = sum(len(group) for group in by_community.values()) + sum(1 for u in out if u.claimed)
        for community in sorted(by_community):
            group = by_community[community]
            out.append(group[0] if len(group) == 1 else self._merged(group, directory, whole=len(group) == claimed))
        return out

    def _identity(self, unit: Unit) -> int | None:
        """The community a unit belongs to: its dominant one, if it holds `merge_share` of the claimed files."""
        profile = self.claims.profile(unit.files)
        if not profile:
            return None
        community = self.claims.dominant(unit.files)
        assert community is not None
        return community if profile[community] >= self.merge_share * sum(profile.values()) - 1e-9 else None

    def _merged(self, group: list[Unit], directory: str, *, whole: bool) -> Unit:
        """One unit of ``group``. It stands for ``directory`` when it is all the claimed content there;
        otherwise it keeps the anchor (and tag) of its largest part, so it is named after its core."""
        files = set().union(*(u.files for u in group))
        if whole:
            return self._unit(files, directory, tree=group[0].tree)
        core = min(group, key=lambda u: (-len(u.files), len(u.anchor), u.anchor, u.tag))
        return self._unit(files, core.anchor, tag=core.tag, label=core.label, tree=group[0].tree)

    def attach_unclaimed(self, units: list[Unit], own: list[Unit], directory: str) -> list[Unit]:
        unclaimed = [u for u in units if not u.claimed]
        if not unclaimed or directory == "":
            return units
        claimed = [u for u in units if u.claimed]
        if not claimed:
            if len(unclaimed) == 1:
                return units
            return [self._unit(set().union(*(u.files for u in unclaimed)), directory, tree=unclaimed[0].tree)]
        own_claimed = [u for u in claimed if any(u.files & o.files for o in own)]
        if len(claimed) == 1 or own_claimed:
            target = claimed[0] if len(claimed) == 1 else max(own_claimed, key=lambda u: (len(u.files), u.tag))
            for unit in unclaimed:
                target.files |= unit.files
            return claimed
        return units

    # -- step 4: the costura ------------------------------------------------------------------------------

    def costura(self, units: list[Unit]) -> list[Unit]:
        alive = list(units)
        for unit in sorted(units, key=lambda u: (len(u.files), u.anchor, u.tag)):
            if len(alive) == 1 or len(unit.files) >= self.floor:
                continue
            others = [u for u in alive if u is not unit]
            target = self._closest(unit, others)
            target.files |= unit.files
            target.claimed = target.claimed or unit.claimed
            alive = others
        return alive

    def _closest(self, unit: Unit, others: list[Unit]) -> Unit:
        weights = [self.graph.between(unit.files, other.files) for other in others]
        if max(weights) > 0:
            best = max(range(len(others)), key=lambda i: (weights[i], len(others[i].files), -i))
            return others[best]
        best = max(range(len(others)),
                   key=lambda i: (_shared_depth(unit.anchor, others[i].anchor), len(others[i].files), -i))
        return others[best]

    # -- the root -----------------------------------------------------------------------------------------

    def root_units(self, tree_units: list[Unit]) -> list[Unit]:
        """Units of the root's code files; small ones join the tree unit they are most connected to (mutating
        it); what has no edge, and every non-code root file, is left out (residue)."""
        code = [p for p in self.direct.get("", []) if self.files[p].is_code]
        if not code:
            return []
        units = self.split_directory("", code)
        if not tree_units:
            return self.costura(units)
        kept: list[Unit] = []
        for unit in units:
            if len(unit.files) >= self.floor:
                kept.append(unit)
                continue
            for path in sorted(unit.files):
                weights = [self.graph.weight_to(path, u.files) for u in tree_units]
                if max(weights) > 0:
                    tree_units[max(range(len(tree_units)), key=lambda i: (weights[i], -i))].files.add(path)
        return kept

    # -- helpers ------------------------------------------------------------------------------------------

    def _unit(self, files: set[str], anchor: str, *, tag: str = "", label: str = "", tree: str = "") -> Unit:
        return Unit(files=set(files), anchor=anchor, tag=tag, label=label, tree=tree,
                    claimed=any(self.claims.of(p) for p in files))
