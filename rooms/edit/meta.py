"""Candidate scores after an edit (F0c §3b: components, and nothing faked).

With the code graph (`rooms.edit.graph.EditGraph`), a merged block and each child of a split are measured
at the end of the batch exactly as the scan measures a block: `graph_cohesion` (None below the declared
floor), `edge_sample_size`, `directory_support` and `coverage_ratio` over the files it resolves to
(`remeasured`). Without it the engine cannot measure, so it does not pretend to:

- merge: `graph_cohesion` None and `edge_sample_size` 0 (not measured: the parts' edges overlap, a mean of
  their cohesions is not the cohesion of the union); `directory_support` and `coverage_ratio` are the
  parts' means weighted by membership entry counts (an estimate of a share, not a new score).
- split: each child has `graph_cohesion` None with `edge_sample_size` 0, and `directory_support` /
  `coverage_ratio` inherited from the parent (0.0 when the parent had no meta).

Either way a merge marks the survivor `named_by: heuristic`, `needs_owner_naming: true` (it takes the better
of the names and a purpose written from all of them, `rooms.edit.merge`), and a split child is
`named_by: heuristic`, `needs_owner_naming: true` (its name is derived, F0c §3a). A survivor
without meta (hand-authored) stays without. Every block the batch changes gets an exact
`shared_member_count`.
"""

from __future__ import annotations

from rooms.contract import CandidateMeta, MemberRole, NamedBy, SystemBlock


def _weighted(pairs: list[tuple[float, int]]) -> float | None:
    total = sum(weight for _, weight in pairs)
    if total == 0:
        return None
    return min(1.0, max(0.0, sum(value * weight for value, weight in pairs) / total))


def shared_count(block: SystemBlock) -> int:
    return sum(1 for m in block.membership if m.role is MemberRole.SHARED)


def merged_meta(survivor: CandidateMeta | None, parts: list[tuple[CandidateMeta | None, int]]) -> CandidateMeta | None:
    """The survivor's meta over `parts`: (meta, membership entry count) of the survivor and each victim,
    taken before the merge."""
    if survivor is None:
        return None
    scored = [(meta, count) for meta, count in parts if meta is not None]
    return survivor.model_copy(
        update={
            "graph_cohesion": None,
            "edge_sample_size": 0,
            "directory_support": _weighted([(m.directory_support, n) for m, n in scored]) or 0.0,
            "coverage_ratio": _weighted([(m.coverage_ratio, n) for m, n in scored]) or 0.0,
        }
    )


def child_meta(parent: SystemBlock) -> CandidateMeta:
    inherited = parent.candidate_meta
    return CandidateMeta(
        named_by=NamedBy.HEURISTIC,
        needs_owner_naming=True,
        graph_cohesion=None,
        edge_sample_size=0,
        directory_support=inherited.directory_support if inherited else 0.0,
        coverage_ratio=inherited.coverage_ratio if inherited else 0.0,
        shared_member_count=0,
    )


def remeasured(meta: CandidateMeta, measured: CandidateMeta) -> CandidateMeta:
    """`meta` with the graph's components from `measured` (naming fields and the seam count kept)."""
    return meta.model_copy(
        update={
            "graph_cohesion": measured.graph_cohesion,
            "edge_sample_size": measured.edge_sample_size,
            "directory_support": measured.directory_support,
            "coverage_ratio": measured.coverage_ratio,
        }
    )
