"""Seams: one path claimed by several blocks (the same entry path string in each membership).

A seam is UNRESOLVED while any of its claims has role ``shared`` and that block has not kept it by
decision — the scan marks a tie as ``shared`` on every claimant (F0c §2a). It is resolved by
``resolve_seam``: ``primary:<id>`` keeps the path on one block (as ``primary``) and removes it from the
others; ``both`` keeps the path ``shared`` on every claimant (it stays a seam, F0c §2a's representation)
and each claimant lists it in its ``resolved_seams``, which is what marks the seam as decided. A later
claim by another block (``shared``, not listed) makes it unresolved again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from rooms.contract import Member, MemberRole, SystemBlock

Claims = dict[str, list[tuple[str, Member]]]


def claim_index(blocks: Iterable[SystemBlock]) -> Claims:
    """path -> [(block_id, entry)] over every membership entry, in block order."""
    index: Claims = {}
    for block in blocks:
        for member in block.membership:
            index.setdefault(member.path, []).append((block.block_id, member))
    return index


def is_unresolved(claims: list[tuple[str, Member]], keeping: Collection[str] = ()) -> bool:
    """`claims` of one path; `keeping`: the ids of the blocks that list it in ``resolved_seams``."""
    return len(claims) > 1 and any(
        member.role is MemberRole.SHARED and block_id not in keeping for block_id, member in claims
    )


def _kept(blocks: Iterable[SystemBlock]) -> dict[str, set[str]]:
    """path -> ids of the blocks that keep it as a resolved seam."""
    kept: dict[str, set[str]] = {}
    for block in blocks:
        for path in block.resolved_seams:
            kept.setdefault(path, set()).add(block.block_id)
    return kept


def unresolved_seams(blocks: Sequence[SystemBlock]) -> dict[str, list[str]]:
    """Unresolved seam path -> the ids of the blocks claiming it."""
    kept = _kept(blocks)
    return {
        path: [block_id for block_id, _ in claims]
        for path, claims in claim_index(blocks).items()
        if is_unresolved(claims, kept.get(path, ()))
    }


def unresolved_seam_count(blocks: Sequence[SystemBlock]) -> int:
    """``len(unresolved_seams(blocks))``, without the index: every map read asks for it (the zero-touch status)."""
    shared: set[str] = set()
    for block in blocks:
        kept = block.resolved_seams
        shared.update(m.path for m in block.membership if m.role is MemberRole.SHARED and m.path not in kept)
    if not shared:
        return 0
    claims = Counter([member.path for block in blocks for member in block.membership])
    return sum(claims[path] > 1 for path in shared)
