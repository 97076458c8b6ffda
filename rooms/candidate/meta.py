"""F0c §3b — confidence as components, never one score.

Over the files a block resolves to (see `rooms.candidate.membership.resolve`), on the raw (undamped)
file graph:
- ``edge_sample_size``: file pairs joined by an edge with at least one end in the block;
- ``graph_cohesion``: the share of that edge weight with both ends in the block — None when the sample is
  below ``cohesion_floor``, and always None in the docs/no-edge fallback (nothing is faked);
- ``directory_support``: of the files in the directories the block's files sit in, the share the block
  holds (1.0 for whole directories; lower for a directory split by the graph or a stray file);
- ``coverage_ratio``: the share of its files that take part in the code graph (a community claim or an
  edge);
- ``shared_member_count``: its ``shared`` entries (seams).
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Mapping

from rooms.candidate.claims import Claims
from rooms.candidate.graph import FileGraph
from rooms.contract import CandidateMeta, Member, MemberRole, NamedBy


def block_meta(
    files: set[str],
    entries: list[Member],
    raw: FileGraph,
    claims: Claims,
    files_per_directory: Mapping[str, int],
    *,
    cohesion_floor: int,
    graph_scores: bool,
) -> CandidateMeta:
    inside = 0.0
    boundary = 0.0
    pairs = 0
    for f in files:
        for g, w in raw.neighbours(f).items():
            if g in files:
                if f < g:
                    inside += w
                    pairs += 1
            else:
                boundary += w
                pairs += 1
    cohesion = None
    if graph_scores and pairs >= cohesion_floor and inside + boundary > 0:
        cohesion = round(inside / (inside + boundary), 6)
    per_directory = Counter(posixpath.dirname(p) for p in files)
    total = sum(files_per_directory[d] for d in per_directory)
    support = round(len(files) / total, 6) if total else 0.0
    in_graph = sum(1 for p in files if claims.of(p) or raw.has_edges(p))
    coverage = round(in_graph / len(files), 6) if files else 0.0
    return CandidateMeta(
        named_by=NamedBy.HEURISTIC,
        needs_owner_naming=True,
        graph_cohesion=cohesion,
        edge_sample_size=pairs,
        directory_support=min(1.0, support),
        coverage_ratio=coverage,
        shared_member_count=sum(1 for m in entries if m.role is MemberRole.SHARED),
    )
