"""F0c §2b — structure first, then the graph: the units a candidate's blocks are made of.

1. Every code file has a home directory and a module (`rooms.candidate.homes`: headers with their
   sources, mirrored tests with their package, the deepest build manifest above). A module named as a
   companion of a sibling (``foo-api`` of ``foo``) is part of it.
2. Granularity. In a repository of at least ``MULTI_MODULE`` modules with code, each module is one unit,
   unless it is large (``split_min_files``) and its directories line up with its graph communities: the
   modularity of its directory partition reaches ``package_alignment`` of the modularity of its community
   partition (both on its own files, hub-damped). Then, as in a repository of fewer modules, its
   directories are the units; otherwise the report lists its directories as a suggested finer cut.
3. A directory unit smaller than ``min_directory_files`` joins its nearest ancestor directory's unit in the
   same module (never the repository root's files); a large one (``flat_min_files`` files) splits into
   community groups when at least two groups of ``min_group_files`` files keep ``split_cohesion`` of their
   in-directory edge weight (any share in a flat directory holding half the code); the other files join
   the group they are most connected to.
4. A unit smaller than FLOOR joins the unit holding the majority of its edge weight (one spread over many
   units, a utility, stays alone); without an edge, its nearest relative by directory in the same
   top-level tree (root files without an edge: the residue).
5. What serves the code attaches to it: a test, benchmark or example outside a mirrored test tree joins
   the unit it uses most, else its nearest unit by directory (what nothing owns stays together, one unit a
   top-level tree, or in the residue under FLOOR files); a non-code file (a manifest, a resource) joins the
   unit holding most of the code under its nearest directory that has any. Root files, hidden trees
   (``.github``) and non-code trees of fewer than FLOOR files stay in the residue.
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import TypeVar

from rooms.candidate.claims import Claims
from rooms.candidate.graph import FileGraph
from rooms.candidate.homes import companion_modules, home_directories, module_of, module_roots
from rooms.candidate.inputs import FileInfo
from rooms.candidate.membership import is_generated_path, own_code, serves_the_code
from rooms.candidate.params import ClusterParams
from rooms.candidate.units import Unit, common_directory, shared_depth, tree_of

MULTI_MODULE = 3
T = TypeVar("T")
FLAT_SHARE = 0.5


def modularity(graph: FileGraph, parts: Iterable[set[str]], nodes: set[str]) -> float:
    """Newman modularity of ``parts`` over the subgraph induced by ``nodes``."""
    degree = {n: sum(w for m, w in graph.neighbours(n).items() if m in nodes) for n in nodes}
    total = sum(degree.values())
    if total <= 0:
        return 0.0
    score = 0.0
    for part in parts:
        part = part & nodes
        score += 2 * graph.internal(part) / total - (sum(degree[n] for n in part) / total) ** 2
    return score


class Structure:
    def __init__(self, files: Sequence[FileInfo], claims: Claims, graph: FileGraph, params: ClusterParams) -> None:
        self.infos = {f.path: f for f in files}
        self.claims = claims
        self.graph = graph
        self.params = params
        self.floor = params.min_block_size
        self.code = sorted(p for p, f in self.infos.items() if f.is_code)
        self.homes = home_directories(self.code)
        # Tests, benchmarks and examples beside no code of theirs (a top-level tests/ or examples/ tree)
        # attach by use; mirrored tests by their home.
        with_code = {posixpath.dirname(p) for p in self.code if not serves_the_code(p)}
        self.loose_tests = {
            p
            for p in self.code
            if serves_the_code(p) and self.homes[p] == posixpath.dirname(p) and posixpath.dirname(p) not in with_code
        }

    # -- public -------------------------------------------------------------------------------------------

    def run(self) -> list[Unit]:
        modules = self._modules([p for p in self.code if p not in self.loose_tests])
        multi = sum(1 for m, files in modules.items() if m and len(files) >= self.floor) >= MULTI_MODULE
        units: list[Unit] = []
        for module, files in sorted(modules.items()):
            if multi and not self._aligned(files):
                # The root package of a workspace is named for where its code lives (crates/core), not "";
                # a build script beside the root manifest does not count.
                anchor = module or common_directory(posixpath.dirname(p) for p in files if "/" in p)
                units.append(self._unit(set(files), anchor, finer=self._finer_cut(module, files)))
            else:
                units.extend(self._directory_units(module, files))
        units = self._costura(units)
        self._attach_tests(units)
        return units + self._attach_non_code(units)

    # -- modules and granularity --------------------------------------------------------------------------

    def _modules(self, code: list[str]) -> dict[str, list[str]]:
        roots = module_roots(self.infos)
        of = {p: module_of(self.homes[p], roots) for p in code}
        sizes = Counter(m for m in of.values() if m is not None)
        companions = companion_modules(sizes)
        out: dict[str, list[str]] = defaultdict(list)
        for path in code:
            module = of[path]
            module = "" if module is None else companions.get(module, module)
            out[module].append(path)
        return dict(out)

    def _aligned(self, files: list[str]) -> bool:
        if len(files) < self.params.split_min_files:
            return False
        nodes = set(files)
        by_directory: dict[str, set[str]] = defaultdict(set)
        by_community: dict[int, set[str]] = defaultdict(set)
        for path in files:
            by_directory[self.homes[path]].add(path)
            for community in self.claims.of(path)[:1]:
                by_community[community].add(path)
        achievable = modularity(self.graph, by_community.values(), nodes)
        return (
            achievable > 0
            and modularity(self.graph, by_directory.values(), nodes) >= self.params.package_alignment * achievable
        )

    def _finer_cut(self, module: str, files: list[str]) -> tuple[str, ...]:
        """A large module kept whole (its directories do not line up with its communities) can still be read
        by directory: its directory units, when there are several, are the report's suggested finer cut."""
        if len(files) < self.params.split_min_files:
            return ()
        directories = tuple(sorted({u.anchor for u in self._directory_units(module, files)}))
        return directories if len(directories) > 1 else ()

    def _directory_units(self, module: str, files: list[str]) -> list[Unit]:
        by_directory: dict[str, set[str]] = defaultdict(set)
        for path in files:
            by_directory[self.homes[path]].add(path)
        for directory in sorted(by_directory, key=lambda d: (-d.count("/"), d)):
            if len(by_directory[directory]) >= self.params.min_directory_files or directory == module:
                continue
            ancestor = posixpath.dirname(directory)
            while ancestor not in by_directory and ancestor != module and ancestor:
                ancestor = posixpath.dirname(ancestor)
            # The repository's root files are no directory's parent package: nothing folds into them.
            if ancestor and ancestor in by_directory and _within(ancestor, module):
                by_directory[ancestor] |= by_directory.pop(directory)
        units: list[Unit] = []
        for directory, members in sorted(by_directory.items()):
            units.extend(self._split_flat(directory, members))
        return units

    def _split_flat(self, directory: str, files: set[str]) -> list[Unit]:
        generated = sum(1 for p in files if is_generated_path(p))
        if len(files) < self.params.flat_min_files or 2 * generated > len(files):  # one tool's output: one unit
            return [self._unit(files, directory)]
        groups: dict[int, set[str]] = defaultdict(set)
        for path in files:
            for community in self.claims.of(path):  # a tie stands in both groups: a seam
                groups[community].add(path)
        flat = len(files) >= FLAT_SHARE * len(self.code)
        threshold = 0.0 if flat else self.params.split_cohesion
        apart = [groups[c] for c in sorted(groups) if self._stands_apart(groups[c], files, threshold)]
        if len(apart) < 2:
            return [self._unit(files, directory)]
        parts = [set(group) for group in apart]
        for path in sorted(files - set().union(*parts)):
            _heaviest(parts, [self.graph.weight_to(path, part) for part in parts], [len(p) for p in parts]).add(path)
        return sorted(
            (self._unit(part, directory, tag=min(part), label=self._hub_file(part)) for part in parts),
            key=lambda u: u.tag,
        )

    def _stands_apart(self, group: set[str], everything: set[str], threshold: float) -> bool:
        if len(group) < max(self.floor, self.params.min_group_files):
            return False
        inside = self.graph.internal(group)
        if inside <= 0:
            return False
        return inside / (inside + self.graph.between(group, everything - group)) >= threshold

    def _hub_file(self, files: set[str]) -> str:
        """The most connected file, the group's name: its own code's, not a test's."""
        return min(own_code(files), key=lambda f: (-round(self.graph.weight_to(f, files), 9), f))

    # -- small units, tests and what serves the code ------------------------------------------------------

    def _costura(self, units: list[Unit]) -> list[Unit]:
        alive = list(units)
        for unit in sorted(units, key=lambda u: (len(u.files), u.anchor, u.tag)):
            if len(alive) == 1 or len(unit.files) >= self.floor:
                continue
            others = [u for u in alive if u is not unit]
            if not unit.anchor:  # root files join by their own edges; without one, residue (like README)
                self._scatter(unit.files, others)
                alive = others
                continue
            weights = [self.graph.between(unit.files, other.files) for other in others]
            if max(weights) > 0:
                if 2 * max(weights) <= sum(weights):  # used from everywhere (a utility): no one owns it
                    continue
                target = _heaviest(others, weights, _sizes(others))
            else:  # no edge to go by: its nearest relative by directory in the same tree, if any
                depth = [shared_depth(unit.anchor, other.anchor) for other in others]
                if max(depth) == 0:
                    continue
                target = _heaviest(others, depth, _sizes(others))
            target.files |= unit.files
            alive = others
        return alive

    def _scatter(self, files: set[str], units: list[Unit]) -> None:
        for path in sorted(files):
            weights = [self.graph.weight_to(path, u.files) for u in units]
            if max(weights) > 0:
                _heaviest(units, weights).files.add(path)

    def _attach_tests(self, units: list[Unit]) -> None:
        homeless: dict[str, set[str]] = defaultdict(set)
        # The units of each file, kept as tests join: a test's weight to each unit is summed over its own
        # neighbours, not over every unit (a large repository has hundreds of units and thousands of tests).
        owners: dict[str, set[int]] = defaultdict(set)
        for index, unit in enumerate(units):
            for path in unit.files:
                owners[path].add(index)
        for path in sorted(self.loose_tests):
            directory = posixpath.dirname(path)
            weights: dict[int, float] = defaultdict(float)
            for neighbour, weight in self.graph.neighbours(path).items():
                for index in owners.get(neighbour, ()):
                    weights[index] += weight
            if weights:  # edge weights are positive
                heaviest = max(weights, key=lambda i: (weights[i], -i))  # as `_heaviest`: on a tie, the first
                units[heaviest].files.add(path)
                owners[path].add(heaviest)
            elif units and max(depth := [shared_depth(directory, u.anchor) for u in units]) > 0:
                # a crate's tests/ with no resolved use: the crate's nearest unit
                nearest = _heaviest_index(depth, _sizes(units))
                units[nearest].files.add(path)
                owners[path].add(nearest)
            else:
                homeless[tree_of(path)].add(path)
        for tree, files in sorted(homeless.items()):  # tests that use nothing we resolved: one unit a tree
            if len(files) >= self.floor:  # a stray file or two is residue, not a block
                units.append(self._unit(files, common_directory(posixpath.dirname(p) for p in files) if tree else ""))

    def _attach_non_code(self, units: list[Unit]) -> list[Unit]:
        owner_of = {p: index for index, u in enumerate(units) for p in sorted(u.files)}
        under: dict[str, Counter[int]] = defaultdict(Counter)
        for path, index in owner_of.items():
            directory = posixpath.dirname(path)
            while directory:
                under[directory][index] += 1
                directory = posixpath.dirname(directory)
        strays: dict[str, set[str]] = defaultdict(set)
        for path in sorted(set(self.infos) - set(owner_of)):
            directory = posixpath.dirname(path)
            while directory and directory not in under:
                directory = posixpath.dirname(directory)
            if directory:
                counts = under[directory]
                units[min(counts, key=lambda i: (-counts[i], i))].files.add(path)
            elif tree_of(path) and not tree_of(path).startswith("."):  # .github, .vscode: residue
                strays[tree_of(path)].add(path)
        return [self._unit(files, tree) for tree, files in sorted(strays.items()) if len(files) >= self.floor]

    def _unit(
        self, files: set[str], anchor: str, *, tag: str = "", label: str = "", finer: tuple[str, ...] = ()
    ) -> Unit:
        return Unit(files=set(files), anchor=anchor, tag=tag, label=label, finer=finer)


def _heaviest(candidates: Sequence[T], scores: Sequence[float], sizes: Sequence[int] | None = None) -> T:
    """The candidate with the highest score; on a tie the larger (when ``sizes`` are given), then the first."""
    return candidates[_heaviest_index(scores, sizes)]


def _heaviest_index(scores: Sequence[float], sizes: Sequence[int] | None = None) -> int:
    """The index `_heaviest` picks."""
    return max(range(len(scores)), key=lambda i: (scores[i], sizes[i] if sizes else 0, -i))


def _sizes(units: Sequence[Unit]) -> list[int]:
    return [len(u.files) for u in units]


def _within(directory: str, module: str) -> bool:
    return not module or directory == module or directory.startswith(module + "/")
