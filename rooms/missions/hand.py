"""The reference curation hand's rules (F11 §3a): which edits it proposes for a candidate, pure.

`curation_ops(store, floor)` answers ONE batch of ``candidate_edit`` ops, planned in order on a working
copy (the pure engine previews the merges, so seams and residue are judged on the merged map):

1. **thin blocks merge into their most-connected neighbour.** A block is thin when it has fewer than
   `floor` membership entries and none of them is a glob (a glob stands for a directory, never thin); an
   owner-named block is never merged away. Connection = the sockets between two blocks, both directions
   (``inputs``/``outputs`` whose ``to`` names the other). The survivor is the neighbour with the most
   connections — then the larger membership, then the earlier block — and is never itself thin. A thin
   block without any non-thin neighbour stays.
2. **each unresolved seam goes to the block with the strongest ties**: the claimant the other claimants
   depend on most (their ``inputs`` to it, its ``outputs`` to them — shared code lives with the code that
   is used), then the one with the most internal sockets, the larger membership, the earlier block.
3. **residue is assigned where unambiguous**: a path in exactly one block's ``unmapped_residue`` (the scan
   lists each residue file on its nearest block) and claimed by no block joins that block.
Names are not this module's business: the hand asks the runner (`nameWithRunner`) for those.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from rooms.contract import NamedBy, Seat, Store, SystemBlock, is_glob
from rooms.edit import Applied, AssignUnmapped, EditOp, Merge, ResolveSeam, apply_batch, unresolved_seams

SIZE_FLOOR = 3


@dataclass(frozen=True)
class CurationPlan:
    merges: list[Merge] = field(default_factory=list)
    seams: list[ResolveSeam] = field(default_factory=list)
    residue: list[AssignUnmapped] = field(default_factory=list)

    @property
    def ops(self) -> list[EditOp]:
        return [*self.merges, *self.seams, *self.residue]


def _targets(block: SystemBlock, side: str) -> list[str]:
    return [s.to for s in getattr(block.sockets, side) if s.to is not None]


def connections(a: SystemBlock, b: SystemBlock) -> int:
    """Sockets between two blocks, both directions."""
    return sum(t == b.block_id for t in _targets(a, "inputs") + _targets(a, "outputs")) + sum(
        t == a.block_id for t in _targets(b, "inputs") + _targets(b, "outputs")
    )


def is_thin(block: SystemBlock, floor: int) -> bool:
    return len(block.membership) < floor and not any(is_glob(m.path) for m in block.membership)


def _owner_named(block: SystemBlock) -> bool:
    return block.candidate_meta is not None and block.candidate_meta.named_by is NamedBy.OWNER


def merge_plan(blocks: Sequence[SystemBlock], floor: int = SIZE_FLOOR) -> list[Merge]:
    position = {b.block_id: i for i, b in enumerate(blocks)}
    thin = {b.block_id for b in blocks if is_thin(b, floor) and not _owner_named(b)}
    victims: dict[str, list[str]] = defaultdict(list)
    for block in blocks:
        if block.block_id not in thin:
            continue
        ranked = [
            (connections(block, n), len(n.membership), -position[n.block_id], n.block_id)
            for n in blocks
            if n.block_id not in thin
        ]
        ranked = [r for r in ranked if r[0] > 0]
        if ranked:
            victims[max(ranked)[3]].append(block.block_id)
    return [
        Merge(into=survivor, block_ids=ids) for survivor, ids in sorted(victims.items(), key=lambda kv: position[kv[0]])
    ]


def _strength(owner: SystemBlock, others: list[SystemBlock], position: int) -> tuple[int, int, int, int]:
    depended_on = sum(t == owner.block_id for o in others for t in _targets(o, "inputs")) + sum(
        t in {o.block_id for o in others} for t in _targets(owner, "outputs")
    )
    degree = len(_targets(owner, "inputs")) + len(_targets(owner, "outputs"))
    return depended_on, degree, len(owner.membership), -position


def seam_plan(blocks: Sequence[SystemBlock]) -> list[ResolveSeam]:
    by_id = {b.block_id: b for b in blocks}
    position = {b.block_id: i for i, b in enumerate(blocks)}
    ops = []
    for path, owners in sorted(unresolved_seams(blocks).items()):
        claimants = [by_id[o] for o in dict.fromkeys(owners)]
        best = max(claimants, key=lambda c: _strength(c, [o for o in claimants if o is not c], position[c.block_id]))
        ops.append(ResolveSeam(path=path, resolution=f"primary:{best.block_id}"))
    return ops


def residue_plan(blocks: Sequence[SystemBlock]) -> list[AssignUnmapped]:
    claimed = {m.path for b in blocks for m in b.membership}
    listed: dict[str, set[str]] = defaultdict(set)
    for block in blocks:
        for path in block.unmapped_residue:
            listed[path].add(block.block_id)
    return [
        AssignUnmapped(path=path, block_id=next(iter(owners)))
        for path, owners in sorted(listed.items())
        if len(owners) == 1 and path not in claimed
    ]


def curation_plan(store: Store, floor: int = SIZE_FLOOR) -> CurationPlan:
    """Merges, then seams and residue judged on the merged map (previewed with the pure engine)."""
    merges = merge_plan(store.blocks, floor)
    merged = store
    if merges:
        preview = apply_batch(store, merges, Seat.AGENT)
        if isinstance(preview, Applied):
            merged = preview.store
        else:  # a merge the engine would refuse: propose none
            merges = []
    return CurationPlan(merges, seam_plan(merged.blocks), residue_plan(merged.blocks))
