"""A small hand-written candidate for edit tests, and the GraphQL documents they post."""

from __future__ import annotations

from datetime import UTC, datetime

from graphdb.database import Database
from graphdb.history import Actor
from rooms.contract import (
    BlockKind,
    BlockState,
    CandidateMeta,
    Member,
    MemberRole,
    MembershipSource,
    NamedBy,
    Repo,
    Seat,
    SeedFile,
    Skeleton,
    SkeletonState,
    Socket,
    Sockets,
    SystemBlock,
    serialize_seed,
)
from rooms.edit import parse_ops
from services import edit as edits
from tests.api.conftest import ServedApi
from tests.support import fixture_cypher


def candidate_block(
    block_id: str,
    members: list[tuple[str, MemberRole]],
    to: list[str],
    residue: list[str] = [],  # noqa: B006
    inputs: list[str] = [],  # noqa: B006
) -> SystemBlock:
    """A candidate block named heuristically; `to` are its output sockets, `inputs` its input sockets."""
    return SystemBlock(
        block_id=block_id,
        name=f"{block_id.removeprefix('sb_')} (heuristic)",
        purpose="",
        kind=BlockKind.SCANNED,
        state=BlockState.CANDIDATE,
        boundary_version=1,
        contract_version=1,
        membership_source=MembershipSource.PROPOSED,
        membership=[Member(path=p, role=r) for p, r in members],
        sockets=Sockets(inputs=[Socket(to=t) for t in inputs], outputs=[Socket(to=t) for t in to]),
        unmapped_residue=residue,
        candidate_meta=CandidateMeta(
            named_by=NamedBy.HEURISTIC,
            needs_owner_naming=True,
            graph_cohesion=0.6,
            edge_sample_size=20,
            directory_support=0.9,
            coverage_ratio=1.0,
            shared_member_count=sum(r is MemberRole.SHARED for _, r in members),
        ),
    )


def candidate_seed(repo_id: str, *, state: SkeletonState = SkeletonState.CANDIDATE) -> str:
    P, S = MemberRole.PRIMARY, MemberRole.SHARED
    blocks = [
        candidate_block("sb_api", [("api/**", P), ("lib/shared.py", S)], ["sb_core"]),
        candidate_block("sb_core", [("core/**", P), ("lib/shared.py", S)], []),
        candidate_block("sb_docs", [("docs/**", P)], ["sb_core"], residue=["scripts/x.sh"]),
    ]
    if state is SkeletonState.RATIFIED:
        blocks = [
            b.model_copy(
                update={
                    "state": BlockState.RATIFIED,
                    "candidate_meta": None,
                    "membership": [m for m in b.membership if m.role is P],
                }
            )
            for b in blocks
        ]
    return seed_text(repo_id, blocks, state=state)


def seed_text(repo_id: str, blocks: list[SystemBlock], *, state: SkeletonState = SkeletonState.CANDIDATE) -> str:
    seed = SeedFile(
        repo=Repo(repo_id=repo_id, root="repo", source_commit="c0ffee"),
        skeleton=Skeleton(skeleton_id=f"sk_{repo_id}", version=1, state=state),
        blocks=blocks,
    )
    return serialize_seed(seed)


IMPORT = """mutation($seed: String!, $v: Int) { importSeed(input: {seed: $seed, expectedStoreVersion: $v}) {
  __typename ... on SeedImported { store { storeVersion } } ... on Refused { code message } } }"""

EDIT = """
mutation($repo: ID!, $v: Int!, $ops: [CandidateEditOp!]!, $batch: ID) {
  candidateEdit(input: {repoId: $repo, expectedStoreVersion: $v, ops: $ops, batchId: $batch}) {
    __typename
    ... on EditApplied { storeVersion replayed leaseWarning store { storeVersion } }
    ... on EditRejected { opIndex code message }
    ... on VersionConflict { expected actual }
    ... on Refused { code message }
  }
}"""

EXPORT = "query($r: ID!) { exportSeed(repoId: $r) }"


def import_seed(api: ServedApi, text: str, expected: int | None = None) -> int:
    result = api.graphql(IMPORT, {"seed": text, "v": expected})["data"]["importSeed"]
    assert result["__typename"] == "SeedImported", result
    return result["store"]["storeVersion"]


def edit(
    api: ServedApi, repo_id: str, version: int, ops: list[dict], token: str | None = None, batch_id: str | None = None
) -> dict:
    body = api.graphql(EDIT, {"repo": repo_id, "v": version, "ops": ops, "batch": batch_id}, token=token)
    assert "errors" not in body, body
    return body["data"]["candidateEdit"]


def export(api: ServedApi, repo_id: str) -> str:
    return api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"]


def rename_elsewhere(db: Database, repo_id: str, version: int, block_id: str, name: str) -> None:
    """A rename committed by another process on the same database (the test's own driver): the served API
    learns of it only from the store's head."""
    ops = parse_ops([{"op": "rename", "block_id": block_id, "name": name}])
    outcome = edits.apply_edit(db, repo_id, version, ops, Actor(Seat.OWNER, "elsewhere"), None, datetime.now(UTC))
    assert isinstance(outcome, edits.EditApplied), outcome


# A small code graph behind two globs (src/**, lib/**): [path, language, bytes], and file-level imports.
GLOB_FILES = [
    ["src/a.py", "python", 120],
    ["src/b.py", "python", 80],
    ["src/deep/c.py", "python", 40],
    ["src/deep/d.py", "python", 10],
    ["lib/e.py", "python", 55],
    ["lib/f.py", "python", 5],
]
# src/a uses src/b and lib/e; lib/f uses src/deep/c.
GLOB_EDGES = [["src/a.py", "src/b.py"], ["src/a.py", "lib/e.py"], ["lib/f.py", "src/deep/c.py"]]


def glob_candidate(api: ServedApi, db: Database, repo_id: str, extra_files: list[list] = []) -> int:  # noqa: B006
    """The code graph above (plus `extra_files`) and a candidate of two glob blocks, sb_src and sb_lib."""
    files = [*GLOB_FILES, *extra_files]
    db.driver.execute_query(
        fixture_cypher("code_files"), repo_id=repo_id, files=files, edges=GLOB_EDGES, database_=db.database
    )
    primary = MemberRole.PRIMARY
    blocks = [
        candidate_block("sb_src", [("src/**", primary)], []),
        candidate_block("sb_lib", [("lib/**", primary)], []),
    ]
    return import_seed(api, seed_text(repo_id, blocks))
