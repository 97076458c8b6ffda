"""The final invariants a batch must leave true (F11 o1), checked on the working copy before anything is
returned. Each judges what the batch did, so a flaw already in the input does not block unrelated edits:

- ``dangling_socket``: no internal socket points at a missing block, unless that same socket already
  dangled before the batch;
- ``empty_block``: no block the batch changed or created is left without members;
- ``orphaned_member``: every path that was a member or in the residue before is a member or in the residue
  after;
- ``unresolved_seam``: no path the batch touched (named by a member op) is left as an unresolved seam;
  seams the batch did not touch (e.g. from the scan) may stay.
"""

from __future__ import annotations

from rooms.contract import ErrorCode
from rooms.edit.outcome import Refusal
from rooms.edit.seams import is_unresolved
from rooms.edit.sockets import dangling
from rooms.edit.working import Working, member_index


def _shown(items: list[str]) -> str:
    return ", ".join(repr(i) for i in items[:3]) + (f" and {len(items) - 3} more" if len(items) > 3 else "")


def _lost_paths(w: Working) -> list[str]:
    """Paths that were a member or residue before and are neither after. Only a block the batch copied or
    removed can have lost one (every other block is the very same object): the candidates are the residue
    before, a removed block's members and residue, and the members a copied block no longer has and its
    residue."""
    candidates: set[str] = set(w.store.unmapped_files)
    for block in w.store.blocks:
        block_id = block.block_id
        if block_id in w.removed or block_id not in w.blocks:
            candidates.update(member_index(block))
        elif block_id in w.copied:
            candidates.update(member_index(block).keys() - w.member_paths(block_id).keys())
        else:
            continue
        candidates.update(block.unmapped_residue)
    residue_after = set(w.unmapped_files).union(*(b.unmapped_residue for b in w.blocks.values()))
    return sorted(p for p in candidates if p not in residue_after and not w.is_member_anywhere(p))


def check_final(w: Working, changed: set[str]) -> None:
    before = w.store
    after = w.all_blocks()
    new_dangling = sorted(dangling(after) - dangling(before.blocks))
    if new_dangling:
        block_id, target = new_dangling[0]
        raise Refusal(ErrorCode.DANGLING_SOCKET, f"block {block_id!r} has a socket to {target!r}, which is not a block")
    empty = [b.block_id for b in after if b.block_id in changed and not b.membership]
    if empty:
        raise Refusal(ErrorCode.EMPTY_BLOCK, f"the batch leaves block(s) {_shown(empty)} with no members")
    orphans = _lost_paths(w)
    if orphans:
        raise Refusal(
            ErrorCode.ORPHANED_MEMBER, f"path(s) {_shown(orphans)} would belong to no block and not be in the residue"
        )
    unresolved = sorted(p for p in w.touched_paths if is_unresolved(w.claims(p), w.keeping(p)))
    if unresolved:
        owners = [block_id for block_id, _ in w.claims(unresolved[0])]
        raise Refusal(
            ErrorCode.UNRESOLVED_SEAM,
            f"the batch leaves {_shown(unresolved)} shared by {_shown(owners)}; add a resolve_seam op",
        )
