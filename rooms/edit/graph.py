"""What the code graph says about the files a batch regroups (F11 1c, 1d; F0c §2d, §3b).

The engine does no I/O: the edit service reads an `EditGraph` before a batch that merges or splits and
hands it in. With it, a merged block and the children of a split are measured the way the scan measures a
block (`rooms.candidate.meta.block_meta`, over the files each resolves to), and a split's sockets are
recomputed from the file edges that cross the new boundaries (`rooms.candidate.sockets`). Without one (the
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
from rooms.candidate.membership import resolve
from rooms.candidate.meta import block_meta
from rooms.candidate.sockets import external_sockets, internal_sockets
from rooms.contract import CandidateMeta, Socket, Sockets, SystemBlock

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
        other block lists)."""
        return resolve({b.block_id: b.membership for b in blocks}, self.files)

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
