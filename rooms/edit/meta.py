"""Candidate scores after an edit. The engine has no graph, so it never pretends to remeasure:

- merge: `edge_sample_size` is the sum over the merged blocks; `graph_cohesion` is their mean weighted by
  edge samples over the blocks that had one (None when none had); `directory_support` and `coverage_ratio`
  are means weighted by membership entry counts; `named_by`/`needs_owner_naming` stay the survivor's (the
  survivor keeps its name). A survivor without meta (hand-authored) stays without.
- split: each child is `named_by: heuristic`, `needs_owner_naming: true` (its name is derived, F0c §3a),
  `graph_cohesion` None with `edge_sample_size` 0 (not measured), `directory_support`/`coverage_ratio`
  inherited from the parent (0.0 when the parent had no meta). The next scan measures for real.
- every block the batch changes gets an exact `shared_member_count`.
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
    cohesion = _weighted([(m.graph_cohesion, m.edge_sample_size) for m, _ in scored if m.graph_cohesion is not None])
    return survivor.model_copy(
        update={
            "graph_cohesion": cohesion,
            "edge_sample_size": sum(m.edge_sample_size for m, _ in scored),
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
