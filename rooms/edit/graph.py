"""What the code graph says about the files a batch regroups (F11 1c, 1d; F0c §2d, §3b).

The engine does no I/O: the edit service reads an `EditGraph` before a batch that merges or splits and
hands it in. With it, a merged block and the children of a split are measured the way the scan measures a
block (`rooms.candidate.meta.block_meta`, over the files each resolves to), and a split's sockets are
recomputed from the file edges that cross the new boundaries (`rooms.candidate.sockets`); and a file a
``dir/**`` entry covers can be named by an op (moved out, split off): the glob is narrowed around it
(`narrowed`). Without one (the
repository has no code graph, e.g. an imported seed never scanned) nothing is measured: see
`rooms.edit.meta` and `rooms.edit.split`.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from rooms.candidate import ClusterParams, FileEdge, PackageUse
from rooms.candidate.claims import Claims
from rooms.candidate.graph import FileGraph
from rooms.candidate.membership import ancestors, is_example_path, is_generated_path, is_test_path, resolve
from rooms.candidate.meta import block_meta
from rooms.candidate.sockets import external_sockets, internal_sockets
from rooms.contract import CandidateMeta, Member, MemberRole, Socket, Sockets, SystemBlock

_DEFAULTS = ClusterParams()


@dataclass(frozen=True)
class EditGraph:
    """The repository's files, file-level edges, last communities and package uses, with the scan's
    levers (``cohesion_floor``, ``socket_min_weight``; ``graph_scores`` false after the docs/no-edge
    fallback, where no cohesion is ever claimed)."""

    files: tuple[str, ...]
    edges: tuple[FileEdge, ...] = ()
    communities: Mapping[str, int] = field(default_factory=dict)
    packages: tuple[PackageUse, ...] = ()
    cohesion_floor: int = _DEFAULTS.cohesion_floor
    socket_min_weight: float = _DEFAULTS.socket_min_weight
    graph_scores: bool = True
    # The last resolution (`members`): a batch asks again and again about the same membership.
    _last: list[tuple[tuple[tuple[str, tuple[str, ...]], ...], dict[str, set[str]]]] = field(
        default_factory=list, compare=False, repr=False
    )

    @cached_property
    def file_set(self) -> frozenset[str]:
        return frozenset(self.files)

    @cached_property
    def raw(self) -> FileGraph:
        return FileGraph(self.edges, set(self.files))

    @cached_property
    def per_directory(self) -> Counter[str]:
        return Counter(posixpath.dirname(p) for p in self.files)

    @cached_property
    def claims(self) -> Claims:
        return Claims({path: (community,) for path, community in self.communities.items()})

    def members(self, blocks: Iterable[SystemBlock]) -> dict[str, set[str]]:
        """Block id -> the files it resolves to, as the scan resolves them (a glob covers the files no
        other block lists). Read-only: the answer for the same membership is shared."""
        blocks = list(blocks)
        key = tuple((b.block_id, tuple(m.path for m in b.membership)) for b in blocks)
        if self._last and self._last[0][0] == key:
            return self._last[0][1]
        found = resolve({b.block_id: b.membership for b in blocks}, self.files)
        self._last[:] = [(key, found)]
        return found

    def measure(self, block: SystemBlock, files: set[str]) -> CandidateMeta:
        """The scan's components for `block` resolving to `files` (named heuristic; the caller keeps the
        naming fields it means to keep)."""
        return block_meta(
            files,
            block.membership,
            self.raw,
            self.claims,
            self.per_directory,
            cohesion_floor=self.cohesion_floor,
            graph_scores=self.graph_scores,
        )

    def sockets(self, members: Mapping[str, set[str]]) -> dict[str, Sockets]:
        """The internal sockets the scan would give `members` (weight at least ``socket_min_weight``)."""
        return internal_sockets(members, self.edges, self.socket_min_weight)

    def uses(self, members: Mapping[str, set[str]]) -> set[tuple[str, str]]:
        """(a, b) for every pair of blocks where a's files use b's files at all (any weight)."""
        found = internal_sockets(members, self.edges, 0.0)
        return {(a, s.to) for a, sockets in found.items() for s in sockets.inputs if s.to is not None}

    def external(self, members: Mapping[str, set[str]]) -> dict[str, list[Socket]]:
        return external_sockets(members, self.packages)

    def packages_of(self, files: set[str]) -> set[str]:
        return {use.name for use in self.packages if use.path in files}

    def covering(self, blocks: list[SystemBlock], block: SystemBlock, path: str) -> Member | None:
        return covering_entry(self, blocks, block, path)

    def narrowed(self, blocks: list[SystemBlock], block: SystemBlock, entry: Member, keep: set[str]) -> list[Member]:
        return narrowed(self, blocks, block, entry, keep)


def _globs(block: SystemBlock) -> dict[str, Member]:
    """Directory -> the block's ``dir/**`` entry on it."""
    return {m.path[:-3]: m for m in block.membership if m.path.endswith("/**")}


def _covering(block: SystemBlock, path: str, globs: dict[str, Member] | None = None) -> Member | None:
    """The block's deepest ``dir/**`` entry above `path`."""
    globs = _globs(block) if globs is None else globs
    return next((globs[d] for d in ancestors(path) if d in globs), None)


def _role(entry: Member, path: str) -> MemberRole:
    """The role a file gets as an exact entry cut out of `entry`: a specific glob role stays, a primary glob's
    files take the role the scan gives an exact path (generated, test, docs by example, else primary)."""
    if entry.role is not MemberRole.PRIMARY:
        return entry.role
    if is_generated_path(path):
        return MemberRole.GENERATED
    if is_test_path(path):
        return MemberRole.TEST
    return MemberRole.DOCS if is_example_path(path) else MemberRole.PRIMARY


def _resolve_under(graph: EditGraph, blocks: list[SystemBlock], prefix: str) -> dict[str, set[str]]:
    """`graph.members` for the files under `prefix` alone: a file's owner depends only on its own path (the
    exact entries naming it, the globs above it), so a subtree resolves on its own."""
    return resolve({b.block_id: b.membership for b in blocks}, [p for p in graph.files if p.startswith(prefix)])


def covering_entry(graph: EditGraph, blocks: list[SystemBlock], block: SystemBlock, path: str) -> Member | None:
    """The glob entry through which `block` resolves the file `path` (None: it does not, or only exactly)."""
    entry = _covering(block, path)
    if entry is None or path not in graph.file_set:
        return None
    owners = resolve({b.block_id: b.membership for b in blocks}, [path])
    return (
        entry if path in owners.get(block.block_id, set()) and path not in {m.path for m in block.membership} else None
    )


def narrowed(
    graph: EditGraph, blocks: list[SystemBlock], block: SystemBlock, entry: Member, keep: set[str]
) -> list[Member]:
    """The entries that replace the glob `entry` of `block` so that each file of `keep` it covers is an
    exact entry, and nothing else changes: under each directory on the way to a kept file, its files become
    exact entries and its other subdirectories ``sub/**`` globs (one only where the block resolves a file
    below it). The files are those the block resolves through this entry (not those another block lists
    exactly, nor those under a deeper glob), so the block resolves exactly the same files after."""
    base = entry.path[:-3]
    own = _resolve_under(graph, blocks, entry.path[:-2]).get(block.block_id, set())
    exact = {m.path for m in block.membership}
    globs = _globs(block)
    prefix = entry.path[:-2]  # "dir/"
    files = sorted(
        p
        for p in own
        if p.startswith(prefix) and p not in exact and getattr(_covering(block, p, globs), "path", None) == entry.path
    )
    return _narrow(base, files, keep, entry)


def _narrow(directory: str, files: list[str], keep: set[str], entry: Member) -> list[Member]:
    prefix = directory + "/" if directory else ""
    direct: list[str] = []
    below: dict[str, list[str]] = {}
    for path in files:
        rest = path[len(prefix) :]
        if "/" in rest:
            below.setdefault(prefix + rest.split("/", 1)[0], []).append(path)
        else:
            direct.append(path)
    out = [Member(path=p, role=_role(entry, p)) for p in direct]
    for sub, under in sorted(below.items()):
        if keep.intersection(under):
            out.extend(_narrow(sub, under, keep, entry))
        else:
            out.append(Member(path=sub + "/**", role=entry.role, optional=entry.optional))
    return out
