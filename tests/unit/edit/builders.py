"""Hand-built candidates for the edit tests: small enough to state expected results by hand."""

from __future__ import annotations

from rooms.contract import (
    BlockKind,
    BlockState,
    CandidateMeta,
    Member,
    MemberRole,
    MembershipSource,
    NamedBy,
    Repo,
    Skeleton,
    SkeletonState,
    Socket,
    Sockets,
    Store,
    SystemBlock,
)


def block(
    block_id: str,
    *members: str | tuple[str, str],
    to: tuple[str, ...] = (),
    residue: tuple[str, ...] = (),
    named_by: NamedBy = NamedBy.HEURISTIC,
    needs_naming: bool = True,
    meta: CandidateMeta | None | bool = True,
) -> SystemBlock:
    """Members are ``"path"`` (primary) or ``("path", "role")``; `to` lists input socket targets."""
    entries = [
        Member(path=m, role=MemberRole.PRIMARY) if isinstance(m, str) else Member(path=m[0], role=MemberRole(m[1]))
        for m in members
    ]
    if meta is True:
        meta = CandidateMeta(
            named_by=named_by,
            needs_owner_naming=needs_naming,
            graph_cohesion=0.5,
            edge_sample_size=10,
            directory_support=1.0,
            coverage_ratio=1.0,
            shared_member_count=sum(1 for e in entries if e.role is MemberRole.SHARED),
        )
    return SystemBlock(
        block_id=block_id,
        name=f"Block {block_id}",
        purpose=f"Purpose of {block_id}",
        kind=BlockKind.SCANNED,
        state=BlockState.CANDIDATE,
        boundary_version=1,
        contract_version=1,
        membership_source=MembershipSource.PROPOSED,
        membership=entries,
        sockets=Sockets(inputs=[Socket(to=t, type="imports") for t in to]),
        unmapped_residue=list(residue),
        candidate_meta=meta or None,
    )


def store(
    *blocks: SystemBlock,
    unmapped_files: tuple[str, ...] = (),
    unmapped_total: int | None = None,
    ratified: bool = False,
) -> Store:
    return Store(
        store_version=5,
        repo=Repo(repo_id="repo_t", root=".", source_commit="c0ffee"),
        skeleton=Skeleton(
            skeleton_id="sk_t", version=1, state=SkeletonState.RATIFIED if ratified else SkeletonState.CANDIDATE
        ),
        blocks=list(blocks),
        unmapped_files=list(unmapped_files),
        unmapped_total=unmapped_total,
    )


def members_of(s: Store, block_id: str) -> dict[str, str]:
    found = s.block(block_id)
    assert found is not None, block_id
    return {m.path: m.role.value for m in found.membership}


def inputs_of(s: Store, block_id: str) -> list[str | None]:
    found = s.block(block_id)
    assert found is not None, block_id
    return [sock.to for sock in found.sockets.inputs]
