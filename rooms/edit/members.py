"""The member ops: `move_member`, `resolve_seam`, `assign_unmapped` (F11 1c, o2).

Block ids go through the survivor map first. A path is checked for safety (``invalid_path``), then looked
up: ``unknown_path`` when it is neither a member of any block nor in the residue. Every path these ops
name is "touched": if it ends the batch as an unresolved seam, the batch is refused (``unresolved_seam``).

- move_member: the entry (with its role) leaves ``from`` and joins ``to``; if ``to`` already claims the
  path the two entries combine (`combine_roles`). from == to is a no-op.
- resolve_seam ``primary:<id>``: the chosen block keeps the path as ``primary``, every other claimant drops
  it, however many there are. ``both``: the path stays a seam — every ``primary`` or ``shared`` claim is
  (or becomes) ``shared`` and each of those claimants lists it in ``resolved_seams``, which marks the seam
  as decided (see `rooms.edit.seams`); a claim with a specific role (test/docs/...) keeps it.
  A path with a single claim is accepted (the chosen block must be that claimant for ``primary:``).
- assign_unmapped: the path leaves every residue list (blocks' ``unmapped_residue`` and the store's
  ``unmapped_files``, whose ``unmapped_total`` drops by one) and joins the block as ``primary`` — or as
  ``shared`` when another block already claims it, which makes a seam the same batch must resolve.
"""

from __future__ import annotations

from rooms.contract import ErrorCode, Member, MemberRole, validate_repo_path
from rooms.edit.canonical import SurvivorMap
from rooms.edit.ops import AssignUnmapped, MoveMember, ResolveSeam
from rooms.edit.outcome import Refusal
from rooms.edit.working import Working


def _checked(w: Working, path: str) -> str:
    try:
        validate_repo_path(path)
    except ValueError as exc:
        raise Refusal(ErrorCode.INVALID_PATH, str(exc)) from exc
    if not w.is_member_anywhere(path) and not w.in_residue(path):
        raise Refusal(ErrorCode.UNKNOWN_PATH, f"{path!r} is neither a member of any block nor in the residue")
    w.touched_paths.add(path)
    return path


def apply_move_member(w: Working, op: MoveMember, survivors: SurvivorMap) -> None:
    source, target = survivors.canonical(op.from_), survivors.canonical(op.to)
    w.get(source)
    w.get(target)
    path = _checked(w, op.path)
    if path not in w.member_paths(source):
        raise Refusal(ErrorCode.PATH_NOT_MEMBER, f"{path!r} is not a member of block {source!r}")
    if source == target:
        return
    member = w.drop_member(source, path)
    w.add_member(target, member)
    w.settle({path})


def apply_resolve_seam(w: Working, op: ResolveSeam, survivors: SurvivorMap) -> None:
    chosen = None if op.primary is None else survivors.canonical(op.primary)
    if chosen is not None:
        w.get(chosen)
    path = _checked(w, op.path)
    claimants = [block_id for block_id, _ in w.claims(path)]
    if not claimants:
        raise Refusal(ErrorCode.PATH_NOT_MEMBER, f"{path!r} is in the residue, not a member of any block")
    if chosen is None:
        claims = w.claims(path)
        if len(claims) < 2:
            w.settle({path})  # nothing to share: a lone claim is the path's owner
            return
        for block_id, member in claims:
            if member.role in (MemberRole.SHARED, MemberRole.PRIMARY):
                w.set_role(block_id, path, MemberRole.SHARED)
                w.keep_seam(block_id, path)
        return
    if chosen not in claimants:
        raise Refusal(ErrorCode.PATH_NOT_MEMBER, f"{path!r} is not a member of block {chosen!r}")
    for block_id in claimants:
        if block_id != chosen:
            w.drop_member(block_id, path)
    w.set_role(chosen, path, MemberRole.PRIMARY)


def apply_assign_unmapped(w: Working, op: AssignUnmapped, survivors: SurvivorMap) -> None:
    target = survivors.canonical(op.block_id)
    w.get(target)
    path = _checked(w, op.path)
    if not w.in_residue(path):
        raise Refusal(ErrorCode.PATH_NOT_UNMAPPED, f"{path!r} is a member of a block, not in the residue")
    others = [block_id for block_id, _ in w.claims(path) if block_id != target]
    w.take_from_residue(path)
    w.add_member(target, Member(path=path, role=MemberRole.SHARED if others else MemberRole.PRIMARY))
