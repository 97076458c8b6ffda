"""The ratify rule (F11 1e, o6; issue 5): which blocks may be signed, and the signing itself.

A block is refused when it still ``needs_owner_naming`` (an untouched heuristic label), or when it claims a
path that is an unresolved seam (`rooms.edit.seams`). Runner- and owner-named blocks pass, so "Ratify all"
over a runner-named map is legal. Ratifying flips each selected block ``candidate -> ratified`` and
``membership_source proposed -> ratified``, the skeleton to ``ratified``, and stamps the ratification
(``method`` defaults to ``verb``; ``commit`` defaults to empty: a verb has no merge commit, and nothing is
fabricated). ``store_version`` is the caller's to bump.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rooms.contract import BlockState, ErrorCode, MembershipSource, Ratification, SkeletonState, Store
from rooms.edit.seams import unresolved_seams


@dataclass(frozen=True)
class RatifyRefusal:
    block_id: str
    reason: ErrorCode  # needs_owner_naming | unresolved_seam | unknown_block | empty_selection
    message: str


@dataclass(frozen=True)
class RatifyApplied:
    store: Store
    ratified_block_ids: tuple[str, ...]


@dataclass(frozen=True)
class RatifyRejected:
    refusals: tuple[RatifyRefusal, ...]


def check_ratify(store: Store, block_ids: Sequence[str] | None = None) -> list[RatifyRefusal]:
    """Every reason a selected block (None = all blocks) cannot be ratified; empty when all can."""
    if block_ids is not None and not block_ids:
        return [
            RatifyRefusal(
                "", ErrorCode.EMPTY_SELECTION, "select at least one block, or omit the selection to ratify all"
            )
        ]
    known = {b.block_id: b for b in store.blocks}
    selected = list(known) if block_ids is None else list(dict.fromkeys(block_ids))
    seams_of: dict[str, list[str]] = {}
    for path, owners in unresolved_seams(store.blocks).items():
        for owner in owners:
            seams_of.setdefault(owner, []).append(path)
    refusals: list[RatifyRefusal] = []
    for block_id in selected:
        block = known.get(block_id)
        if block is None:
            refusals.append(RatifyRefusal(block_id, ErrorCode.UNKNOWN_BLOCK, f"no block {block_id!r} in the store"))
            continue
        if block.candidate_meta is not None and block.candidate_meta.needs_owner_naming:
            refusals.append(
                RatifyRefusal(
                    block_id,
                    ErrorCode.NEEDS_OWNER_NAMING,
                    f"{block.name!r} has an untouched heuristic name; name it first",
                )
            )
        if block_id in seams_of:
            paths = sorted(seams_of[block_id])
            shown = ", ".join(repr(p) for p in paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
            refusals.append(
                RatifyRefusal(
                    block_id, ErrorCode.UNRESOLVED_SEAM, f"shares {shown} with another block; resolve the seam first"
                )
            )
    return refusals


def ratify(
    store: Store,
    block_ids: Sequence[str] | None,
    *,
    ratifier: str,
    ratified_at: str,
    method: str = "verb",
    commit: str = "",
) -> RatifyApplied | RatifyRejected:
    """Ratify the selected blocks (None = all) if `check_ratify` finds nothing; never mutates `store`."""
    refusals = check_ratify(store, block_ids)
    if refusals:
        return RatifyRejected(tuple(refusals))
    chosen = set(b.block_id for b in store.blocks) if block_ids is None else set(block_ids)
    blocks = []
    for block in store.blocks:
        if block.block_id in chosen:
            update: dict[str, object] = {}
            if block.state is BlockState.CANDIDATE:
                update["state"] = BlockState.RATIFIED
            if block.membership_source is MembershipSource.PROPOSED:
                update["membership_source"] = MembershipSource.RATIFIED
            block = block.model_copy(update=update)
        blocks.append(block)
    skeleton = store.skeleton.model_copy(
        update={
            "state": SkeletonState.RATIFIED,
            "ratification": Ratification(method=method, ratifier=ratifier, ratified_at=ratified_at, commit=commit),
        }
    )
    after = store.model_copy(update={"skeleton": skeleton, "blocks": blocks})
    return RatifyApplied(after, tuple(b.block_id for b in store.blocks if b.block_id in chosen))
