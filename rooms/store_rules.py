"""What a write may do to a store: the rule of ``skeleton_candidate`` (F0c §1 and §4) and of seed import.

``skeleton_candidate``:

- no store and no expected version (or 0) → create the candidate store at v1;
- a candidate skeleton at the expected version → replace it wholesale, inheriting nothing
  (no receipts, fingerprints, resolved members, pre-archive states, reconcile cache or pending
  revision);
- a ratified skeleton at the expected version → write only ``candidate_revision``; live blocks,
  receipts, fingerprints and reconcile state stay exactly as they were;
- anything else → a version conflict (nothing is written).

Seed import (the owner's operator gesture) sets the store to exactly the seed under the same
version check: v1 when there was none, else the next version; the reconcile cache and any pending
revision go (they described the old skeleton), the advisory lease stays.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rooms.contract import BlockState, SeedFile, SkeletonState, Store, store_from_seed


class WriteOutcome(StrEnum):
    CREATED_CANDIDATE_STORE = "created_candidate_store"
    REPLACED_CANDIDATE_STORE = "replaced_candidate_store"
    WROTE_CANDIDATE_REVISION = "wrote_candidate_revision"


@dataclass(frozen=True)
class CandidateWrite:
    outcome: WriteOutcome
    store: Store


@dataclass(frozen=True)
class VersionConflict:
    expected: int | None
    actual: int


def without_inheritance(candidate: SeedFile) -> SeedFile:
    """The candidate with every earned field stripped, whatever the builder produced (§4b, §4c)."""
    blocks = [
        block.model_copy(
            update={"receipts": [], "membership_fingerprint": None, "resolved_members": [], "pre_archive_state": None}
        )
        for block in candidate.blocks
    ]
    return candidate.model_copy(update={"blocks": blocks})


def version_conflict(existing: Store | None, expected: int | None) -> VersionConflict | None:
    """The conflict of a write expecting ``expected`` (None or 0: no store yet) on ``existing``, if any."""
    actual = existing.store_version if existing is not None else 0
    if (existing is None and expected not in (None, 0)) or (existing is not None and expected != actual):
        return VersionConflict(expected, actual)
    return None


def decide(existing: Store | None, expected: int | None, candidate: SeedFile) -> CandidateWrite | VersionConflict:
    if candidate.skeleton.state is not SkeletonState.CANDIDATE:
        raise ValueError("a scan only ever produces a candidate skeleton")
    candidate = without_inheritance(candidate)
    if (conflict := version_conflict(existing, expected)) is not None:
        return conflict
    if existing is None:
        return CandidateWrite(WriteOutcome.CREATED_CANDIDATE_STORE, store_from_seed(candidate, 1))
    actual = existing.store_version
    # A candidate part-signed by "Ratify selected only" is not replaced: the rescan waits as a revision beside
    # the signed blocks, as over a ratified skeleton.
    part_signed = any(b.state is BlockState.RATIFIED for b in existing.blocks)
    if existing.skeleton.state is SkeletonState.CANDIDATE and not part_signed:
        replaced = store_from_seed(candidate, actual + 1).model_copy(
            update={"curating_by": existing.curating_by, "curating_until": existing.curating_until}
        )
        return CandidateWrite(WriteOutcome.REPLACED_CANDIDATE_STORE, replaced)
    revised = existing.model_copy(update={"store_version": actual + 1, "candidate_revision": candidate})
    return CandidateWrite(WriteOutcome.WROTE_CANDIDATE_REVISION, revised)


def decide_import(existing: Store | None, expected: int | None, seed: SeedFile) -> Store | VersionConflict:
    if (conflict := version_conflict(existing, expected)) is not None:
        return conflict
    imported = store_from_seed(seed, (existing.store_version if existing is not None else 0) + 1)
    if existing is not None:
        imported = imported.model_copy(
            update={"curating_by": existing.curating_by, "curating_until": existing.curating_until}
        )
    return imported
