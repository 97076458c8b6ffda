"""Candidates, runners and GraphQL documents for the naming-runner and curation-mission API tests."""

from __future__ import annotations

from typing import Any

from rooms.contract import (
    BlockKind,
    BlockState,
    CandidateMeta,
    Member,
    MemberRole,
    MembershipSource,
    NamedBy,
    Repo,
    SeedFile,
    Skeleton,
    SkeletonState,
    Socket,
    Sockets,
    SystemBlock,
    serialize_seed,
)
from tests.api.conftest import ServedApi
from tests.runners.support import namer_command

ADD_RUNNER = """mutation($input: AddRunnerInput!) { addRunner(input: $input) {
  __typename ... on RunnerAdded { runner { runnerId pinned transport command url timeoutMs repoId createdBy } }
  ... on Refused { code message } } }"""
NAME = """mutation($r: ID!, $v: Int!, $ids: [ID!]) {
  nameWithRunner(input: {repoId: $r, expectedStoreVersion: $v, blockIds: $ids}) {
    __typename
    ... on RunnerNamed { storeVersion runnerId leaseWarning named { blockId name purpose }
                         fallbacks { blockId reason detail }
                         store { blocks { blockId name purpose candidateMeta { namedBy needsOwnerNaming } } } }
    ... on EditRejected { opIndex code message }
    ... on VersionConflict { expected actual }
    ... on Refused { code message } } }"""
RATIFY = """mutation($r: ID!, $v: Int!) { ratifyBlocks(input: {repoId: $r, expectedStoreVersion: $v}) {
  __typename ... on Ratified { store { storeVersion skeleton { state } blocks { state } } }
  ... on RatifyRejected { blocks { blockId reason } } ... on VersionConflict { expected actual }
  ... on Refused { code message } } }"""


def candidate_block(
    block_id: str,
    name: str,
    members: list[str | tuple[str, MemberRole]],
    *,
    to: tuple[str, ...] = (),
    residue: tuple[str, ...] = (),
) -> SystemBlock:
    """A provisional scanned block: heuristic name, needs owner naming, inputs to `to`."""
    entries = [
        Member(path=m, role=MemberRole.PRIMARY) if isinstance(m, str) else Member(path=m[0], role=m[1]) for m in members
    ]
    return SystemBlock(
        block_id=block_id,
        name=name,
        purpose=f"Python code in {name.lower()}",
        kind=BlockKind.SCANNED,
        state=BlockState.CANDIDATE,
        boundary_version=1,
        contract_version=1,
        membership_source=MembershipSource.PROPOSED,
        membership=entries,
        sockets=Sockets(inputs=[Socket(to=t, type="imports") for t in to]),
        unmapped_residue=list(residue),
        candidate_meta=CandidateMeta(
            named_by=NamedBy.HEURISTIC,
            needs_owner_naming=True,
            graph_cohesion=0.5,
            edge_sample_size=12,
            directory_support=0.9,
            coverage_ratio=1.0,
            shared_member_count=sum(isinstance(m, tuple) for m in members),
        ),
    )


def seed_text(repo_id: str, blocks: list[SystemBlock]) -> str:
    seed = SeedFile(
        repo=Repo(repo_id=repo_id, root="repo", source_commit="c0ffee"),
        skeleton=Skeleton(skeleton_id=f"sk_{repo_id}", version=1, state=SkeletonState.CANDIDATE),
        blocks=blocks,
    )
    return serialize_seed(seed)


SPARSE_TREES = [
    "auth",
    "billing",
    "catalog",
    "checkout",
    "inventory",
    "mailer",
    "orders",
    "payments",
    "reports",
    "search",
    "users",
    "web",
]


def sparse_candidate(repo_id: str, markers: dict[str, str] | None = None) -> str:
    """A sparse 12-block candidate (one block per tree, `<tree>/**`), `web` and `orders` sharing
    `lib/format.py` as an unresolved seam. `markers` renames trees to make the test runner misbehave."""
    markers = markers or {}
    blocks = []
    for tree in SPARSE_TREES:
        path = markers.get(tree, tree)
        members: list[str | tuple[str, MemberRole]] = [f"{path}/**"]
        if tree in ("web", "orders"):
            members.append(("lib/format.py", MemberRole.SHARED))
        blocks.append(candidate_block(f"sb_{tree}", tree.title(), members, to=("sb_orders",) if tree == "web" else ()))
    return seed_text(repo_id, blocks)


def add_runner(
    api: ServedApi,
    repo_id: str,
    runner_id: str,
    *,
    command: list[str] | None = None,
    pin: bool = True,
    token: str | None = None,
    **fields: Any,
) -> dict[str, Any]:
    spec: dict[str, Any] = {"runnerId": runner_id, "repoId": repo_id, "pin": pin, **fields}
    spec.setdefault("transport", "COMMAND")
    if spec["transport"] == "COMMAND":
        spec["command"] = command or namer_command()
    body = api.graphql(ADD_RUNNER, {"input": spec}, token=token)
    assert "errors" not in body, body
    return body["data"]["addRunner"]


def name_with_runner(
    api: ServedApi, repo_id: str, version: int, block_ids: list[str] | None = None, token: str | None = None
) -> dict[str, Any]:
    body = api.graphql(NAME, {"r": repo_id, "v": version, "ids": block_ids}, token=token)
    assert "errors" not in body, body
    return body["data"]["nameWithRunner"]


def ratify(api: ServedApi, repo_id: str, version: int, token: str | None = None) -> dict[str, Any]:
    body = api.graphql(RATIFY, {"r": repo_id, "v": version}, token=token)
    assert "errors" not in body, body
    return body["data"]["ratifyBlocks"]
