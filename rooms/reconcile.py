"""Reconcile a ratified store against the repository's current files (CONTRACT §1).

Each block's membership (exact paths and globs) is resolved against the file list; the block keeps
the sorted ``resolved_members`` and their fingerprint, and its ``boundary_version`` goes up by one when
the fingerprint changed since the last reconcile (a first reconcile only records it). Files no block
resolves are the unmapped residue: the first ``UNMAPPED_FILES_CAP`` of them and the true total are
cached on the store.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from rooms.contract import UNMAPPED_FILES_CAP, SkeletonState, Store, SystemBlock, is_glob, path_matches


def fingerprint(resolved_members: Iterable[str]) -> str:
    digest = hashlib.sha256("".join(f"{path}\n" for path in sorted(resolved_members)).encode("utf-8"))
    return "sha256:" + digest.hexdigest()


def resolve_members(block: SystemBlock, files: list[str], file_set: frozenset[str]) -> list[str]:
    resolved: set[str] = set()
    for member in block.membership:
        if is_glob(member.path):
            resolved.update(f for f in files if path_matches(member.path, f))
        elif member.path in file_set:
            resolved.add(member.path)
    return sorted(resolved)


def reconcile(store: Store, files: Iterable[str]) -> Store:
    """The store with every block resolved against ``files`` (the version is the caller's to bump)."""
    if store.skeleton.state is not SkeletonState.RATIFIED:
        raise ValueError("reconcile applies to a ratified skeleton")
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
