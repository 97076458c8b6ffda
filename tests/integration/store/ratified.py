"""A hand-written ratified store with receipts, fingerprints and a reconcile cache."""

from __future__ import annotations

from rooms.contract import (
    BlockKind,
    BlockState,
    Emitter,
    EmitterKind,
    Evidence,
    Member,
    MemberRole,
    MembershipSource,
    Ratification,
    Receipt,
    ReceiptScope,
    ReceiptType,
    Repo,
    Skeleton,
    SkeletonState,
    Store,
    SystemBlock,
    Validity,
)


def ratified_with_receipts(repo_id: str) -> Store:
    receipt = Receipt(
        type=ReceiptType.REVIEW,
        emitter=Emitter(kind=EmitterKind.OWNER, id="alice"),
        scope=ReceiptScope(block_id="sb_core", boundary_version=2, contract_version=1, resolution_hash="sha256:ab"),
        evidence=Evidence(artifact_hash="sha256:cd", evidence_refs=["review/2026-07-10"]),
        validity=Validity(stales_on=["boundary"]),
    )
    core = SystemBlock(
        block_id="sb_core",
        name="Core",
        purpose="The domain.",
        kind=BlockKind.SCANNED,
        state=BlockState.RATIFIED,
        boundary_version=2,
        contract_version=1,
        membership_source=MembershipSource.RATIFIED,
        membership=[Member(path="core/**", role=MemberRole.PRIMARY)],
        receipts=[receipt],
        membership_fingerprint="sha256:0123",
        resolved_members=["core/a.py", "core/b.py"],
    )
    return Store(
        store_version=7,
        repo=Repo(repo_id=repo_id, root="repo", source_commit="abc123"),
        skeleton=Skeleton(
            skeleton_id=f"sk_{repo_id}",
            version=1,
            state=SkeletonState.RATIFIED,
            ratification=Ratification(
                method="owner", ratifier="alice", ratified_at="2026-07-10T00:00:00Z", commit="abc123"
            ),
        ),
        blocks=[core],
        unmapped_files=["scripts/x.sh"],
        unmapped_total=1,
    )
