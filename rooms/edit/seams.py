"""Seams: one path claimed by several blocks (the same entry path string in each membership).

A seam is UNRESOLVED while any of its claims has role ``shared`` — the scan marks a tie that way on every
claimant (F0c §2a). It is resolved by ``resolve_seam``: ``primary:<id>`` keeps the path on one block (as
``primary``) and removes it from the others; ``both`` turns every ``shared`` claim into ``primary``, so the
path stays on every block as a deliberate multi-owner member and no ``shared`` role is left to flag it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rooms.contract import Member, MemberRole, SystemBlock

Claims = dict[str, list[tuple[str, Member]]]


def claim_index(blocks: Iterable[SystemBlock]) -> Claims:
    """path -> [(block_id, entry)] over every membership entry, in block order."""
    index: Claims = {}
    for block in blocks:
        for member in block.membership:
            index.setdefault(member.path, []).append((block.block_id, member))
    return index


def is_unresolved(claims: list[tuple[str, Member]]) -> bool:
    return len(claims) > 1 and any(member.role is MemberRole.SHARED for _, member in claims)


def unresolved_seams(blocks: Iterable[SystemBlock]) -> dict[str, list[str]]:
    """Unresolved seam path -> the ids of the blocks claiming it."""
    return {
        path: [block_id for block_id, _ in claims]
        for path, claims in claim_index(blocks).items()
        if is_unresolved(claims)
    }


def unresolved_seam_count(blocks: Sequence[SystemBlock]) -> int:
    """``len(unresolved_seams(blocks))``, without the index: every map read asks for it (the zero-touch status)."""
    members = [member for block in blocks for member in block.membership]
    shared = {member.path for member in members if member.role is MemberRole.SHARED}
    if not shared:
        return 0
    claims = Counter([member.path for member in members])
    return sum(claims[path] > 1 for path in shared)
