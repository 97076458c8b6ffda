"""F11-a's anti-lie list on the real database, through real GraphQL over HTTP."""

from __future__ import annotations

import json
import time

import pytest

from graphdb.database import Database
from graphdb.tokens import create_token
from rooms.contract import Seat, SkeletonState, parse_seed
from tests.api.conftest import ServedApi
from tests.api.edit_support import IMPORT, candidate_seed, edit, export, import_seed

pytestmark = pytest.mark.integration

HISTORY = "query($r: ID!) { history(repoId: $r) { storeVersion kind batchId } }"
RENAME_API = {"rename": {"blockId": "sb_api", "name": "HTTP API", "purpose": "Serves the map."}}


@pytest.fixture
def agent_token(db: Database) -> str:
    return create_token(db, Seat.AGENT, "agent-1")[1]


def blocks_of(api: ServedApi, repo_id: str) -> dict[str, dict]:
    seed = json.loads(export(api, repo_id))
    return {b["block_id"]: b for b in seed["blocks"]}


def test_ratified_skeleton_refuses_edits(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id, state=SkeletonState.RATIFIED))
    before = export(api, repo_id)
    result = edit(api, repo_id, version, [RENAME_API])
    assert (result["__typename"], result["code"], result["opIndex"]) == ("EditRejected", "SKELETON_NOT_CANDIDATE", 0)
    assert export(api, repo_id) == before


def test_stale_version_conflicts_and_writes_nothing(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    assert edit(api, repo_id, version, [RENAME_API])["__typename"] == "EditApplied"
    before = export(api, repo_id)
    stale = edit(api, repo_id, version, [{"rename": {"blockId": "sb_core", "name": "Core"}}])
    assert stale == {"__typename": "VersionConflict", "expected": version, "actual": version + 1}
    assert export(api, repo_id) == before


def test_a_batch_that_changes_nothing_writes_nothing(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    assert edit(api, repo_id, version, [RENAME_API])["__typename"] == "EditApplied"
    before = export(api, repo_id)
    history = api.graphql(HISTORY, {"r": repo_id})["data"]["history"]
    for ops in ([], [RENAME_API]):  # an empty batch, and a rename to the name the block has
        result = edit(api, repo_id, version + 1, ops)
        assert (result["__typename"], result["storeVersion"]) == ("EditApplied", version + 1), result
    assert export(api, repo_id) == before
    assert api.graphql(HISTORY, {"r": repo_id})["data"]["history"] == history


def test_a_failing_op_aborts_the_whole_batch(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    before = export(api, repo_id)
    result = edit(
        api, repo_id, version, [RENAME_API, {"moveMember": {"path": "nope.py", "from": "sb_api", "to": "sb_core"}}]
    )
    assert (result["__typename"], result["opIndex"], result["code"]) == ("EditRejected", 1, "UNKNOWN_PATH")
    assert export(api, repo_id) == before, "the valid rename before the failure is not persisted"


def test_resolving_a_seam_rewrites_every_owner(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    result = edit(api, repo_id, version, [{"resolveSeam": {"path": "lib/shared.py", "resolution": "primary:sb_core"}}])
    assert result["__typename"] == "EditApplied" and result["storeVersion"] == version + 1
    blocks = blocks_of(api, repo_id)
    assert {"path": "lib/shared.py", "role": "primary"} in blocks["sb_core"]["membership"]
    assert all(m["path"] != "lib/shared.py" for m in blocks["sb_api"]["membership"])


def test_merge_unions_members_and_rewrites_sockets(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    result = edit(api, repo_id, version, [{"merge": {"into": "sb_api", "blockIds": ["sb_core"]}}])
    assert result["__typename"] == "EditApplied"
    blocks = blocks_of(api, repo_id)
    assert set(blocks) == {"sb_api", "sb_docs"}
    paths = {m["path"]: m["role"] for m in blocks["sb_api"]["membership"]}
    assert paths == {"api/**": "primary", "core/**": "primary", "lib/shared.py": "primary"}
    assert blocks["sb_docs"]["sockets"]["outputs"] == [{"to": "sb_api"}]
    assert blocks["sb_api"]["sockets"].get("outputs", []) == [], "a socket to itself is dropped"


def test_a_dangling_socket_never_enters_the_store(api: ServedApi, repo_id: str) -> None:
    """No op can create one (the engine's unit tests prove each op aborts instead), and no seed can bring one."""
    version = import_seed(api, candidate_seed(repo_id))
    before = export(api, repo_id)
    seed = json.loads(candidate_seed(repo_id))
    seed["blocks"][2]["sockets"]["outputs"] = [{"to": "sb_gone"}]
    result = api.graphql(IMPORT, {"seed": json.dumps(seed), "v": version})["data"]["importSeed"]
    assert (result["__typename"], result["code"]) == ("Refused", "DANGLING_SOCKET")
    assert export(api, repo_id) == before


def test_provenance_is_stamped_by_seat(api: ServedApi, repo_id: str, agent_token: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    assert edit(api, repo_id, version, [RENAME_API])["__typename"] == "EditApplied"
    agent = edit(
        api, repo_id, version + 1, [{"rename": {"blockId": "sb_core", "name": "Domain core"}}], token=agent_token
    )
    assert agent["__typename"] == "EditApplied"
    blocks = blocks_of(api, repo_id)
    assert blocks["sb_api"]["candidate_meta"]["named_by"] == "owner"
    assert blocks["sb_api"]["candidate_meta"]["needs_owner_naming"] is False
    assert blocks["sb_core"]["candidate_meta"]["named_by"] == "runner"
    assert blocks["sb_docs"]["candidate_meta"]["named_by"] == "heuristic"


RATIFY = """mutation($repo: ID!, $v: Int!, $ids: [ID!]) {
  ratifyBlocks(input: {repoId: $repo, expectedStoreVersion: $v, blockIds: $ids}) {
    __typename
    ... on Ratified { store { storeVersion skeleton { state } blocks { state } } }
    ... on RatifyRejected { blocks { blockId reason } }
    ... on Refused { code }
  } }"""


def test_ratify_refuses_untouched_heuristic_names_and_open_seams(
    api: ServedApi, repo_id: str, agent_token: str
) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    refused = api.graphql(RATIFY, {"repo": repo_id, "v": version, "ids": None})["data"]["ratifyBlocks"]
    assert refused["__typename"] == "RatifyRejected"
    reasons = {(b["blockId"], b["reason"]) for b in refused["blocks"]}
    assert {("sb_docs", "NEEDS_OWNER_NAMING"), ("sb_api", "UNRESOLVED_SEAM"), ("sb_core", "UNRESOLVED_SEAM")} <= reasons
    by_agent = api.graphql(RATIFY, {"repo": repo_id, "v": version, "ids": None}, token=agent_token)
    assert by_agent["data"]["ratifyBlocks"] == {"__typename": "Refused", "code": "SEAT_FORBIDDEN"}
    ops = [
        {"rename": {"blockId": b, "name": n}} for b, n in (("sb_api", "API"), ("sb_core", "Core"), ("sb_docs", "Docs"))
    ]
    ops.append({"resolveSeam": {"path": "lib/shared.py", "resolution": "primary:sb_core"}})
    assert edit(api, repo_id, version, ops)["__typename"] == "EditApplied"
    done = api.graphql(RATIFY, {"repo": repo_id, "v": version + 1, "ids": None})["data"]["ratifyBlocks"]
    assert done["__typename"] == "Ratified"
    assert done["store"]["skeleton"]["state"] == "RATIFIED"
    assert {b["state"] for b in done["store"]["blocks"]} == {"RATIFIED"}
    after = edit(api, repo_id, version + 2, [RENAME_API])
    assert after["code"] == "SKELETON_NOT_CANDIDATE"


LEASE = """mutation($repo: ID!, $action: LeaseActionEnum!, $ttl: Int!) {
  candidateLease(input: {repoId: $repo, action: $action, ttlSecs: $ttl}) {
    __typename ... on LeaseGranted { lease { curatingBy live } } ... on LeaseBusy { current { curatingBy } }
  } }"""


def test_the_lease_is_advisory_and_never_blocks(api: ServedApi, db: Database, repo_id: str, agent_token: str) -> None:

    version = import_seed(api, candidate_seed(repo_id))
    granted = api.graphql(LEASE, {"repo": repo_id, "action": "ACQUIRE", "ttl": 2}, token=agent_token)
    assert granted["data"]["candidateLease"]["lease"]["curatingBy"] == "agent-1"
    other = create_token(db, Seat.AGENT, "agent-2")[1]
    busy = api.graphql(LEASE, {"repo": repo_id, "action": "ACQUIRE", "ttl": 60}, token=other)
    assert busy["data"]["candidateLease"] == {"__typename": "LeaseBusy", "current": {"curatingBy": "agent-1"}}
    assert (
        api.graphql("query($r: ID!) { store(repoId: $r) { storeVersion } }", {"r": repo_id})["data"]["store"][
            "storeVersion"
        ]
        == version
    ), "the lease never bumps the version"
    owner_edit = edit(api, repo_id, version, [RENAME_API])
    assert owner_edit["__typename"] == "EditApplied", "the owner is never blocked"
    assert "agent-1" in owner_edit["leaseWarning"]
    time.sleep(2.2)
    reclaimed = api.graphql(LEASE, {"repo": repo_id, "action": "ACQUIRE", "ttl": 60}, token=other)
    assert reclaimed["data"]["candidateLease"]["lease"]["curatingBy"] == "agent-2", "expired leases are anyone's"


def test_a_retried_batch_is_applied_once(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    first = edit(api, repo_id, version, [RENAME_API], batch_id="batch-42")
    retry = edit(api, repo_id, version, [RENAME_API], batch_id="batch-42")
    assert first["storeVersion"] == retry["storeVersion"] == version + 1
    assert (first["replayed"], retry["replayed"]) == (False, True)
    history = api.graphql("query($r: ID!) { history(repoId: $r) { storeVersion kind } }", {"r": repo_id})
    assert [h["storeVersion"] for h in history["data"]["history"] if h["kind"] == "edit"] == [version + 1]
    reused = edit(api, repo_id, version + 1, [{"rename": {"blockId": "sb_core", "name": "X"}}], batch_id="batch-42")
    assert reused["code"] == "BATCH_ID_REUSED"


def test_reader_cannot_edit(api: ServedApi, db: Database, repo_id: str) -> None:

    version = import_seed(api, candidate_seed(repo_id))
    reader = create_token(db, Seat.READER, "reader-1")[1]
    result = edit(api, repo_id, version, [RENAME_API], token=reader)
    assert result["__typename"] == "Refused" and result["code"] == "SEAT_FORBIDDEN"


def test_agent_id_must_match_the_token(api: ServedApi, repo_id: str, agent_token: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    body = api.graphql(
        """mutation($r: ID!, $v: Int!) { candidateEdit(input: {repoId: $r, expectedStoreVersion: $v,
        agentId: "someone-else", ops: [{rename: {blockId: "sb_api", name: "X"}}]}) { __typename
        ... on Refused { code } } }""",
        {"r": repo_id, "v": version},
        token=agent_token,
    )
    assert body["data"]["candidateEdit"] == {"__typename": "Refused", "code": "SEAT_FORBIDDEN"}


def test_exported_seed_parses(api: ServedApi, repo_id: str) -> None:
    import_seed(api, candidate_seed(repo_id))
    assert parse_seed(export(api, repo_id)).skeleton.state is SkeletonState.CANDIDATE
