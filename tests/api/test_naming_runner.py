"""The runner registry and "Name with runner" over real GraphQL, with a LIVE runner process (and a local
HTTP server for the chat-completions adapter): provenance, OCC, honest fallbacks, ≤ 3 owner mutations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rooms.contract import SkeletonState
from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, edit, import_seed
from tests.api.naming_support import (
    SPARSE_TREES,
    add_runner,
    name_with_runner,
    ratify,
    sparse_candidate,
)
from tests.runners.http_namer import NamingServer
from tests.runners.support import namer_command

pytestmark = pytest.mark.integration

RUNNERS = "query($r: ID) { runners(repoId: $r) { runnerId pinned repoId } }"
PIN = """mutation($id: ID!, $p: Boolean!) { pinRunner(input: {runnerId: $id, pinned: $p}) {
  __typename ... on RunnerPinned { runner { runnerId pinned } } ... on Refused { code message } } }"""
REMOVE = """mutation($id: ID!) { removeRunner(input: {runnerId: $id}) {
  __typename ... on RunnerRemoved { runnerId } ... on Refused { code message } } }"""
HISTORY = "query($r: ID!) { history(repoId: $r, last: 1) { kind seat agentId summary storeVersion } }"


def test_only_the_owner_manages_runners(api: ServedApi, repo_id: str, hand_token: str, reader_token: str) -> None:
    runner_id = f"{repo_id}-namer"
    refused = add_runner(api, repo_id, runner_id, token=hand_token)
    assert refused == {
        "__typename": "Refused",
        "code": "SEAT_FORBIDDEN",
        "message": "this mutation needs the OWNER seat",
    }
    added = add_runner(api, repo_id, runner_id, timeoutMs=2500)
    assert added == {
        "__typename": "RunnerAdded",
        "runner": {
            "runnerId": runner_id,
            "pinned": True,
            "transport": "COMMAND",
            "command": namer_command(),
            "url": None,
            "timeoutMs": 2500,
            "repoId": repo_id,
            "createdBy": "test-owner",
        },
    }
    assert add_runner(api, repo_id, runner_id)["code"] == "RUNNER_EXISTS"
    bad = add_runner(api, repo_id, f"{repo_id}-bad", transport="HTTP", url="ftp://nowhere")
    assert (bad["__typename"], bad["code"]) == ("Refused", "INVALID_RUNNER")
    listed = api.graphql(RUNNERS, {"r": repo_id}, token=hand_token)["data"]["runners"]
    assert {"runnerId": runner_id, "pinned": True, "repoId": repo_id} in listed
    hidden = api.graphql(RUNNERS, {"r": repo_id}, token=reader_token)
    assert hidden["data"] is None
    assert [e["extensions"]["code"] for e in hidden["errors"]] == ["SEAT_FORBIDDEN"]
    assert (
        api.graphql(PIN, {"id": runner_id, "p": False}, token=hand_token)["data"]["pinRunner"]["code"]
        == "SEAT_FORBIDDEN"
    )
    assert api.graphql(PIN, {"id": runner_id, "p": False})["data"]["pinRunner"] == {
        "__typename": "RunnerPinned",
        "runner": {"runnerId": runner_id, "pinned": False},
    }
    assert api.graphql(PIN, {"id": "nope", "p": True})["data"]["pinRunner"]["code"] == "UNKNOWN_RUNNER"
    assert (
        api.graphql(REMOVE, {"id": runner_id}, token=reader_token)["data"]["removeRunner"]["code"] == "SEAT_FORBIDDEN"
    )
    assert api.graphql(REMOVE, {"id": runner_id})["data"]["removeRunner"] == {
        "__typename": "RunnerRemoved",
        "runnerId": runner_id,
    }


def test_a_live_runner_names_every_provisional_block(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, sparse_candidate(repo_id))
    add_runner(api, repo_id, f"{repo_id}-namer")
    result = name_with_runner(api, repo_id, version)
    assert (result["__typename"], result["storeVersion"], result["runnerId"]) == (
        "RunnerNamed",
        version + 1,
        f"{repo_id}-namer",
    )
    assert result["fallbacks"] == [] and result["leaseWarning"] is None
    assert result["named"] == [
        {
            "blockId": f"sb_{t}",
            "name": f"{t.title()} service",
            "purpose": "1 files; top symbols: none" if t not in ("web", "orders") else "2 files; top symbols: none",
        }
        for t in SPARSE_TREES
    ]
    metas = [b["candidateMeta"] for b in result["store"]["blocks"]]
    assert metas == [{"namedBy": "RUNNER", "needsOwnerNaming": False}] * 12
    history = api.graphql(HISTORY, {"r": repo_id})["data"]["history"]
    assert history == [
        {
            "kind": "edit",
            "seat": "agent",
            "agentId": f"runner:{repo_id}-namer",
            "summary": "nameWithRunner asked by owner:test-owner: 12 named, 0 kept heuristic",
            "storeVersion": version + 1,
        }
    ]


def test_a_runner_that_times_out_crashes_or_answers_garbage_leaves_those_blocks_heuristic(
    api: ServedApi, repo_id: str
) -> None:
    markers = {"payments": "timeout", "mailer": "crash", "search": "garbage", "reports": "hostile"}
    version = import_seed(api, sparse_candidate(repo_id, markers))
    add_runner(api, repo_id, f"{repo_id}-namer", timeoutMs=2000)
    result = name_with_runner(api, repo_id, version)
    assert result["__typename"] == "RunnerNamed" and result["storeVersion"] == version + 1
    assert result["fallbacks"] == [
        {"blockId": "sb_mailer", "reason": "runner_failed", "detail": "the command exited with status 3"},
        {"blockId": "sb_payments", "reason": "timeout", "detail": "no answer within the per-block timeout"},
        {"blockId": "sb_reports", "reason": "unsafe_label", "detail": "name: markup"},
        {"blockId": "sb_search", "reason": "not_json", "detail": "the answer is not one JSON document"},
    ]
    blocks = {b["blockId"]: b for b in result["store"]["blocks"]}
    for block_id in ("sb_mailer", "sb_payments", "sb_reports", "sb_search"):
        name = block_id.removeprefix("sb_").title()
        assert (blocks[block_id]["name"], blocks[block_id]["candidateMeta"]) == (
            name,
            {"namedBy": "HEURISTIC", "needsOwnerNaming": True},
        )
    named = {b for b, v in blocks.items() if v["candidateMeta"]["namedBy"] == "RUNNER"}
    assert named == {f"sb_{t}" for t in SPARSE_TREES} - {"sb_mailer", "sb_payments", "sb_reports", "sb_search"}
    again = name_with_runner(api, repo_id, version + 1, ["sb_auth"])  # an explicit selection is re-asked
    assert again["named"] == [
        {"blockId": "sb_auth", "name": "Auth service service", "purpose": "1 files; top symbols: none"}
    ]


def test_the_owner_reaches_a_ratified_skeleton_in_three_mutations(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, sparse_candidate(repo_id))
    add_runner(api, repo_id, f"{repo_id}-namer")
    mutations = 0

    named = name_with_runner(api, repo_id, version)
    mutations += 1
    assert named["__typename"] == "RunnerNamed" and len(named["named"]) == 12
    resolved = edit(
        api,
        repo_id,
        named["storeVersion"],
        [{"resolveSeam": {"path": "lib/format.py", "resolution": "primary:sb_orders"}}],
    )
    mutations += 1
    assert resolved["__typename"] == "EditApplied"
    ratified = ratify(api, repo_id, resolved["storeVersion"])
    mutations += 1
    assert ratified["__typename"] == "Ratified"
    assert ratified["store"]["skeleton"]["state"] == "RATIFIED"
    assert {b["state"] for b in ratified["store"]["blocks"]} == {"RATIFIED"}
    assert mutations <= 3


def test_a_stale_version_conflicts_before_any_runner_is_asked(api: ServedApi, repo_id: str, tmp_path: Path) -> None:
    log = tmp_path / "calls.log"
    version = import_seed(api, sparse_candidate(repo_id))
    add_runner(api, repo_id, f"{repo_id}-namer", command=namer_command("--log", str(log)))
    assert (
        edit(api, repo_id, version, [{"rename": {"blockId": "sb_auth", "name": "Sign-in"}}])["__typename"]
        == "EditApplied"
    )
    assert name_with_runner(api, repo_id, version) == {
        "__typename": "VersionConflict",
        "expected": version,
        "actual": version + 1,
    }
    assert not log.exists(), "no runner was asked"
    result = name_with_runner(api, repo_id, version + 1)
    assert "sb_auth" not in {n["blockId"] for n in result["named"]}, "an owner-named block is not provisional"
    assert len(log.read_text().splitlines()) == 11


def test_refusals(api: ServedApi, repo_id: str, reader_token: str) -> None:
    assert name_with_runner(api, repo_id, 0)["code"] == "NO_RUNNER"
    add_runner(api, repo_id, f"{repo_id}-namer")
    assert name_with_runner(api, repo_id, 0)["code"] == "NO_STORE"
    version = import_seed(api, sparse_candidate(repo_id))
    assert name_with_runner(api, repo_id, version, ["sb_nope"])["code"] == "UNKNOWN_BLOCK"
    assert name_with_runner(api, repo_id, version, token=reader_token)["code"] == "SEAT_FORBIDDEN"
    ratified = import_seed(api, candidate_seed(repo_id, state=SkeletonState.RATIFIED), version)
    assert name_with_runner(api, repo_id, ratified)["code"] == "SKELETON_NOT_CANDIDATE"


def test_an_agent_may_name_and_provenance_stays_runner(api: ServedApi, repo_id: str, hand_token: str) -> None:
    version = import_seed(api, sparse_candidate(repo_id))
    add_runner(api, repo_id, f"{repo_id}-namer")
    result = name_with_runner(api, repo_id, version, ["sb_web"], token=hand_token)
    assert result["named"] == [{"blockId": "sb_web", "name": "Web service", "purpose": "2 files; top symbols: none"}]
    history = api.graphql(HISTORY, {"r": repo_id})["data"]["history"][0]
    assert (history["agentId"], history["summary"]) == (
        f"runner:{repo_id}-namer",
        "nameWithRunner asked by agent:hand-1: 1 named, 0 kept heuristic",
    )


def test_the_chat_completions_adapter_through_the_api(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, sparse_candidate(repo_id))
    with NamingServer() as server:
        add_runner(
            api,
            repo_id,
            f"{repo_id}-llm",
            transport="OPENAI",
            url=f"{server.base_url}/v1",
            model="tiny-model",
            concurrency=4,
        )
        result = name_with_runner(api, repo_id, version, ["sb_auth", "sb_users"])
    assert result["named"] == [
        {"blockId": "sb_auth", "name": "Auth service", "purpose": "1 files; top symbols: none"},
        {"blockId": "sb_users", "name": "Users service", "purpose": "1 files; top symbols: none"},
    ]
    packets = sorted(json.loads(r["body"]["messages"][1]["content"])["block_id"] for r in server.requests)
    assert packets == ["sb_auth", "sb_users"]
