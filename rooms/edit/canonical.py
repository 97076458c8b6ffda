"""Merge canonicalization (F11 o2), done before any op applies.

Walking the batch's merges in order builds a flat map ``victim -> survivor``. The first merge that breaks it
is refused at its index:
- ``merge_cycle``: a block merged into itself, or into a block it has already absorbed (A<-B then B<-A);
- ``merge_into_victim``: merging into a block an earlier merge absorbed, or absorbing a block an earlier
  merge used as its survivor (chains are refused, not followed);
- ``ambiguous_merge``: one block merged into two different survivors.
Member ops (`move_member`, `resolve_seam`, `assign_unmapped`) then read every block id through the map, so an
op naming a block that the batch absorbs (even by a later op) resolves to its survivor. `rename` and `split`
are not redirected: renaming or splitting a block the batch absorbs is refused (``unknown_block``), since
the result would silently land on a different block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rooms.contract import ErrorCode
from rooms.edit.ops import EditOp, Merge
from rooms.edit.outcome import Refusal


@dataclass
class SurvivorMap:
    survivor: dict[str, str] = field(default_factory=dict)
    absorbed_by_op: dict[str, int] = field(default_factory=dict)

    def canonical(self, block_id: str) -> str:
        return self.survivor.get(block_id, block_id)

    def refuse_if_absorbed(self, block_id: str, verb: str) -> None:
        if block_id in self.survivor:
            raise Refusal(
                ErrorCode.UNKNOWN_BLOCK,
                f"cannot {verb} block {block_id!r}: op {self.absorbed_by_op[block_id]} merges it into "
                f"{self.survivor[block_id]!r}; {verb} the survivor instead",
            )


def _check_merge(op: Merge, survivors: SurvivorMap) -> None:
    victims = list(dict.fromkeys(op.block_ids))
    into = op.into
    if into in victims:
        raise Refusal(ErrorCode.MERGE_CYCLE, f"block {into!r} cannot be merged into itself")
    if into in survivors.survivor:
        target = survivors.survivor[into]
        if target in victims:
            raise Refusal(
                ErrorCode.MERGE_CYCLE,
                f"{into!r} was merged into {target!r} by op "
                f"{survivors.absorbed_by_op[into]}; merging {target!r} back into it is a cycle",
            )
        raise Refusal(
            ErrorCode.MERGE_INTO_VICTIM,
            f"{into!r} is merged into {target!r} by op {survivors.absorbed_by_op[into]}; merge into {target!r} instead",
        )
    used_as_survivor = set(survivors.survivor.values())
    for victim in victims:
        earlier = survivors.survivor.get(victim)
        if earlier is not None and earlier != into:
            raise Refusal(
                ErrorCode.AMBIGUOUS_MERGE,
                f"{victim!r} is merged into both {earlier!r} (op {survivors.absorbed_by_op[victim]}) and {into!r}",
            )
        if victim in used_as_survivor:
            raise Refusal(
                ErrorCode.MERGE_INTO_VICTIM,
                f"an earlier op merges blocks into {victim!r}; it cannot be merged away in the same batch",
            )


def canonicalize(ops: Sequence[EditOp]) -> SurvivorMap:
    """Build the survivor map; raise a `Refusal` carrying the index of the first bad merge."""
    survivors = SurvivorMap()
    for index, op in enumerate(ops):
        if isinstance(op, Merge):
            try:
                _check_merge(op, survivors)
            except Refusal as refusal:
                refusal.op_index = index
                raise
            for victim in op.block_ids:
                survivors.survivor.setdefault(victim, op.into)
                survivors.absorbed_by_op.setdefault(victim, index)
    return survivors
