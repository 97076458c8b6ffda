"""Reconcile a store against the repository's current files (CONTRACT §1; F0c §4).

A ratified skeleton and a candidate alike: F0c §4b clears a replaced candidate's reconcile cache so that
"the next reconcile recomputes against the new boundaries". Each block's membership (exact paths and
globs) is resolved against the file list; the block keeps the sorted ``resolved_members`` and their
fingerprint, and its ``boundary_version`` goes up by one when the fingerprint changed since the last
reconcile (a first reconcile only records it). Files no block resolves are the unmapped residue: the
first ``UNMAPPED_FILES_CAP`` of them and the true total are cached on the store. A pending
``candidate_revision`` is left alone (it is diffed, not reconciled).

`block_changes(before, after)` says per block what a reconcile did (`BlockReconcile`): ``recorded`` (a
first reconcile), ``kept`` (the same files), ``changed`` (other files: the boundary version moved) or
``emptied`` (it resolves to no file any more), with how many files it gained and lost.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rooms.contract import UNMAPPED_FILES_CAP, Store, SystemBlock, glob_matches, is_glob


def fingerprint(resolved_members: Iterable[str]) -> str:
    digest = hashlib.sha256("".join(f"{path}\n" for path in sorted(resolved_members)).encode("utf-8"))
    return "sha256:" + digest.hexdigest()


def resolve_members(block: SystemBlock, files: list[str], file_set: frozenset[str]) -> list[str]:
    """The files (``files`` sorted, ``file_set`` the same paths) the block's membership entries cover."""
    resolved: set[str] = set()
    for member in block.membership:
        if is_glob(member.path):
            resolved.update(glob_matches(member.path, files))
        elif member.path in file_set:
            resolved.add(member.path)
    return sorted(resolved)


def reconcile(store: Store, files: Iterable[str]) -> Store:
    """The store with every block resolved against ``files`` (the version is the caller's to bump)."""
    listing = sorted(set(files))
    file_set = frozenset(listing)
    claimed: set[str] = set()
    blocks = []
    for block in store.blocks:
        resolved = resolve_members(block, listing, file_set)
        claimed.update(resolved)
        current = fingerprint(resolved)
        moved = block.membership_fingerprint is not None and block.membership_fingerprint != current
        blocks.append(
            block.model_copy(
                update={
                    "resolved_members": resolved,
                    "membership_fingerprint": current,
                    "boundary_version": block.boundary_version + 1 if moved else block.boundary_version,
                }
            )
        )
    unmapped = [f for f in listing if f not in claimed]
    return store.model_copy(
        update={"blocks": blocks, "unmapped_files": unmapped[:UNMAPPED_FILES_CAP], "unmapped_total": len(unmapped)}
    )


class BlockChange(StrEnum):
    RECORDED = "recorded"
    KEPT = "kept"
    CHANGED = "changed"
    EMPTIED = "emptied"


@dataclass(frozen=True)
class BlockReconcile:
    block_id: str
    change: BlockChange
    resolved: int  # files the block resolves to now
    added: int  # files it resolves to now and did not at the last reconcile
    removed: int  # files it resolved to at the last reconcile and does not now
    boundary_version: int


def block_changes(before: Store, after: Store) -> list[BlockReconcile]:
    """Per block of `after` (in store order), what reconciling `before` into it did."""
    previous = {b.block_id: b for b in before.blocks}
    out: list[BlockReconcile] = []
    for block in after.blocks:
        old = previous.get(block.block_id)
        first = old is None or old.membership_fingerprint is None
        had = set() if first or old is None else set(old.resolved_members)
        now = set(block.resolved_members)
        if not now and (first or had):
            change = BlockChange.EMPTIED
        elif first:
            change = BlockChange.RECORDED
        elif old is not None and old.membership_fingerprint == block.membership_fingerprint:
            change = BlockChange.KEPT
        else:
            change = BlockChange.CHANGED
        out.append(
            BlockReconcile(block.block_id, change, len(now), len(now - had), len(had - now), block.boundary_version)
        )
    return out
