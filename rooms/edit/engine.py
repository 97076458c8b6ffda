"""`apply_batch`: one `candidate_edit` batch, all or nothing (F11 §1, o1-o3).

The batch runs on a copy-on-write working copy of the store: the seat and skeleton are checked, merges are
canonicalized (`rooms.edit.canonical`), every op applies in order, then the final invariants
(`rooms.edit.invariants`) are checked. The first failure answers `Rejected` with its op index (-1 for a
batch-level refusal: the seat, or a final invariant) and the input store is untouched; success answers
`Applied` with the store after the batch and which blocks changed. ``store_version`` is left as it was:
persisting and bumping it once is the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rooms.contract import ErrorCode, Seat, SkeletonState, Store
from rooms.edit.canonical import SurvivorMap, canonicalize
from rooms.edit.invariants import check_final
from rooms.edit.members import apply_assign_unmapped, apply_move_member, apply_resolve_seam
from rooms.edit.merge import apply_merge
from rooms.edit.meta import remeasured, shared_count
from rooms.edit.ops import AssignUnmapped, EditOp, Merge, MoveMember, Rename, ResolveSeam, Split
from rooms.edit.outcome import BATCH_INDEX, Applied, EditOutcome, Refusal, Rejected
from rooms.edit.rename import apply_rename
from rooms.edit.split import apply_split
from rooms.edit.working import Working

if TYPE_CHECKING:
    from rooms.edit.graph import EditGraph


def _applier(op: EditOp, index: int, seat: Seat) -> Callable[[Working, SurvivorMap], None]:
    if isinstance(op, Rename):
        return lambda w, s: apply_rename(w, op, s, seat)
    if isinstance(op, Merge):
        return lambda w, s: apply_merge(w, op, index, s)
    if isinstance(op, Split):
        return lambda w, s: apply_split(w, op, s)
    if isinstance(op, MoveMember):
        return lambda w, s: apply_move_member(w, op, s)
    if isinstance(op, ResolveSeam):
        return lambda w, s: apply_resolve_seam(w, op, s)
    if isinstance(op, AssignUnmapped):
        return lambda w, s: apply_assign_unmapped(w, op, s)
    raise TypeError(f"not an edit op: {op!r}")


def _changed(w: Working) -> set[str]:
    original = {b.block_id: b for b in w.store.blocks}
    return {
        block_id
        for block_id in w.copied
        if block_id in w.blocks and (block_id not in original or w.blocks[block_id] != original[block_id])
    }


def _measure(w: Working) -> None:
    """Measure the merged and split blocks of the batch against the code graph (`rooms.edit.meta`)."""
    wanted = [b for b in dict.fromkeys(w.measure) if b in w.blocks]
    if w.graph is None or not wanted:
        return
    files = w.graph.members(w.all_blocks())
    for block_id in wanted:
        block = w.blocks[block_id]
        if block.candidate_meta is not None:
            block.candidate_meta = remeasured(block.candidate_meta, w.graph.measure(block, files[block_id]))


def _result(w: Working, changed: set[str]) -> Applied:
    for block_id in changed:
        block = w.blocks[block_id]
        if block.candidate_meta is not None and block.candidate_meta.shared_member_count != shared_count(block):
            block.candidate_meta = block.candidate_meta.model_copy(update={"shared_member_count": shared_count(block)})
    created = set(w.created)
    store = w.store.model_copy(
        update={"blocks": w.all_blocks(), "unmapped_files": w.unmapped_files, "unmapped_total": w.unmapped_total}
    )
    return Applied(
        store=store,
        changed_block_ids=tuple(b for b in w.order if b in changed and b not in created),
        created_block_ids=tuple(b for b in w.order if b in created),
        removed_block_ids=tuple(w.removed),
        unmapped_changed=(w.unmapped_files, w.unmapped_total) != (w.store.unmapped_files, w.store.unmapped_total),
    )


def apply_batch(store: Store, ops: Sequence[EditOp], seat: Seat, graph: EditGraph | None = None) -> EditOutcome:
    """Apply `ops` as one atomic batch on behalf of `seat`; never mutates `store`. `graph` is what the
    code graph says about the files (`rooms.edit.graph`): merges and splits are measured and a split's
    sockets recomputed with it; without it they are not measured (`rooms.edit.meta`)."""
    if seat is Seat.READER:
        return Rejected(BATCH_INDEX, ErrorCode.SEAT_FORBIDDEN, "the READER seat cannot edit a candidate")
    if store.skeleton.state is not SkeletonState.CANDIDATE:
        return Rejected(
            0 if ops else BATCH_INDEX,
            ErrorCode.SKELETON_NOT_CANDIDATE,
            "this skeleton is ratified; candidate edits only apply to a candidate skeleton",
        )
    w = Working(store, graph)
    index = BATCH_INDEX
    try:
        survivors = canonicalize(ops)
        for index, op in enumerate(ops):
            _applier(op, index, seat)(w, survivors)
        index = BATCH_INDEX
        w.tidy_seams()
        changed = _changed(w)
        check_final(w, changed)
        _measure(w)
    except Refusal as refusal:
        at = refusal.op_index if refusal.op_index is not None else index
        return Rejected(at, refusal.code, refusal.message)
    return _result(w, changed)
