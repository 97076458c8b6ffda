"""Curation missions over real GraphQL (F11 §3): the heavy case — a generated 44-block candidate reaches
a ratified skeleton with one sendToCuration, one run of the reference hand (`coderooms curate`, a real
process speaking GraphQL), one owner review query and one ratifyBlocks. The hand cannot ratify, its lease
never blocks the owner, and a dead hand's lease expires."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

import pytest

from rooms.contract import MemberRole, SkeletonState
from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, edit, import_seed
from tests.api.naming_support import add_runner, candidate_block, ratify, seed_text
from tests.hostile_text import HIDDEN

pytestmark = pytest.mark.integration

SEND = """mutation($r: ID!, $note: String!) { sendToCuration(input: {repoId: $r, note: $note}) {
  __typename ... on MissionOpened { mission { missionId repoId state note baseStoreVersion openedBy } }
  ... on Refused { code message } } }"""
CLAIM = """mutation($m: ID!, $ttl: Int!) { claimMission(input: {missionId: $m, ttlSecs: $ttl}) {
  __typename ... on MissionClaimed { mission { state claimedBy } lease { curatingBy live } }
  ... on LeaseBusy { current { curatingBy live } } ... on Refused { code message } } }"""
LETTER = """mutation($m: ID!, $b: String!) { postMissionLetter(input: {missionId: $m, body: $b}) {
  __typename ... on LetterPosted { letter { seq author seat body } } ... on Refused { code message } } }"""
DELIVER = """mutation($m: ID!, $v: Int!, $s: String!) { deliverMission(input: {missionId: $m, storeVersion: $v,
  summary: $s}) { __typename ... on MissionDelivered { mission { state } } ... on Refused { code message } } }"""
LEASE = """mutation($r: ID!, $a: LeaseActionEnum!) { candidateLease(input: {repoId: $r, action: $a, ttlSecs: 60}) {
  __typename ... on LeaseGranted { lease { curatingBy } } ... on LeaseBusy { current { curatingBy } } } }"""
REVIEW = """query($m: ID!, $r: ID!) {
  mission(missionId: $m) { state claimedBy deliveredStoreVersion summary letters { seq author seat body } }
  store(repoId: $r) { storeVersion blocks { blockId candidateMeta { namedBy needsOwnerNaming } seamPaths
                                            unmappedResidue } }
  zeroTouchStatus(repoId: $r) { readyToRatify line }
  lease(repoId: $r) { curatingBy live }
}"""

N, T, G = 30, 8, 4  # normal, thin and glob blocks; plus 2 residue blocks = 44


def generated_candidate(repo_id: str) -> str:
    """44 provisional blocks: 30 normal ones (3 files each) of which n00-n03 share a seam file with
    n10-n13 (who depend on them); 8 thin ones (1 file) each depending on n(3j); 4 glob blocks; 2 blocks whose
    residue lists one file of their own and one file both list (ambiguous)."""
    blocks = []
    for i in range(N):
        members: list[str | tuple[str, MemberRole]] = [f"svc{i:02}/a.py", f"svc{i:02}/b.py", f"svc{i:02}/c.py"]
        k = i % 10
        if k < 4 and i < 20:
            members.append((f"shared/s{k}.py", MemberRole.SHARED))
        blocks.append(
            candidate_block(f"sb_n{i:02}", f"Svc {i:02}", members, to=(f"sb_n{k:02}",) if 10 <= i < 14 else ())
        )
    blocks += [candidate_block(f"sb_t{j}", f"Tiny {j}", [f"tiny{j}/x.py"], to=(f"sb_n{3 * j:02}",)) for j in range(T)]
    blocks += [candidate_block(f"sb_g{k}", f"Pkg {k}", [f"pkgs/g{k}/**"]) for k in range(G)]
    blocks += [
        candidate_block(
            f"sb_r{k}",
            f"Tools {k}",
            [f"tools{k}/a.py", f"tools{k}/b.py", f"tools{k}/c.py"],
            residue=(f"scripts/r{k}.sh", "scripts/common.sh"),
        )
        for k in range(2)
    ]
    assert len(blocks) == 44
    return seed_text(repo_id, blocks)


def _run(api: ServedApi, document: str, variables: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    body = api.graphql(document, variables, token=token)
    assert "errors" not in body, body
    return body["data"]


def send(api: ServedApi, repo_id: str, note: str = "") -> dict[str, Any]:
    return _run(api, SEND, {"r": repo_id, "note": note})["sendToCuration"]


def curate_cli(
    api: ServedApi, mission_id: str, token: str, *, token_flag: bool = False
) -> subprocess.CompletedProcess[str]:
    """`coderooms curate`, the token from CODEROOMS_TOKEN (or from --token)."""
    env = {k: v for k, v in os.environ.items() if k != "CODEROOMS_TOKEN"}
    args = [sys.executable, "-m", "api.cli.main", "curate", "--mission", mission_id, "--url", api.graphql_url, "--json"]
    if token_flag:
        args += ["--token", token]
    else:
        env["CODEROOMS_TOKEN"] = token
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)


def test_one_mission_one_hand_run_one_review_one_ratify(api: ServedApi, repo_id: str, hand_token: str) -> None:
    import_seed(api, generated_candidate(repo_id))
    add_runner(api, repo_id, f"{repo_id}-namer")
    owner_mutations = owner_queries = 0

    opened = send(api, repo_id, "Merge the tiny ones; name everything.")
    owner_mutations += 1
    mission_id = opened["mission"]["missionId"]

    hand = curate_cli(api, mission_id, hand_token)
    assert hand.returncode == 0, hand.stderr
    report = json.loads(hand.stdout)
    merges = "; ".join(f"sb_t{j} → sb_n{3 * j:02}" for j in range(T))
    summary = (
        f"Curated {repo_id} from store version 1 to 3.\n"
        f"- merged 8 thin block(s) into 8 neighbour(s); {merges}\n"
        "- resolved 4 seam(s) to the block with the strongest ties\n"
        "- assigned 2 residue file(s) listed on exactly one block\n"
        "- the runner named 36 block(s)\n"
        "Nothing is ratified: review the map and ratify it when it reads right."
    )
    assert report == {
        "mission_id": mission_id,
        "repo_id": repo_id,
        "base_version": 1,
        "delivered_version": 3,
        "merged": {f"sb_n{3 * j:02}": [f"sb_t{j}"] for j in range(T)},
        "seams_resolved": 4,
        "residue_assigned": 2,
        "runner_named": 36,
        "kept_heuristic": {},
        "summary": summary,
    }

    review = _run(api, REVIEW, {"m": mission_id, "r": repo_id})
    owner_queries += 1
    assert review["mission"] == {
        "state": "DELIVERED",
        "claimedBy": "hand-1",
        "deliveredStoreVersion": 3,
        "summary": summary,
        "letters": [{"seq": 1, "author": "hand-1", "seat": "agent", "body": summary}],
    }
    blocks = review["store"]["blocks"]
    assert review["store"]["storeVersion"] == 3 and len(blocks) == 36
    assert all(b["candidateMeta"] == {"namedBy": "RUNNER", "needsOwnerNaming": False} for b in blocks)
    assert all(b["seamPaths"] == [] for b in blocks)
    residue = {b["blockId"]: b["unmappedResidue"] for b in blocks if b["unmappedResidue"]}
    assert residue == {"sb_r0": ["scripts/common.sh"], "sb_r1": ["scripts/common.sh"]}
    assert review["zeroTouchStatus"] == {"readyToRatify": True, "line": "all 36 blocks runner-named — ready to ratify"}
    assert review["lease"] is None, "delivering released the hand's lease"

    ratified = ratify(api, repo_id, 3)
    owner_mutations += 1
    assert ratified["__typename"] == "Ratified" and ratified["store"]["skeleton"]["state"] == "RATIFIED"
    assert (owner_mutations, owner_queries) == (2, 1)


def test_the_hand_cannot_ratify_and_its_lease_never_blocks_the_owner(
    api: ServedApi, repo_id: str, hand_token: str
) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    mission_id = send(api, repo_id)["mission"]["missionId"]
    claimed = _run(api, CLAIM, {"m": mission_id, "ttl": 600}, hand_token)["claimMission"]
    assert claimed == {
        "__typename": "MissionClaimed",
        "mission": {"state": "CLAIMED", "claimedBy": "hand-1"},
        "lease": {"curatingBy": "hand-1", "live": True},
    }
    assert ratify(api, repo_id, version, token=hand_token) == {
        "__typename": "Refused",
        "code": "SEAT_FORBIDDEN",
        "message": "this mutation needs the OWNER seat",
    }
    owner_edit = edit(api, repo_id, version, [{"rename": {"blockId": "sb_api", "name": "HTTP API"}}])
    assert owner_edit["__typename"] == "EditApplied" and owner_edit["storeVersion"] == version + 1
    assert owner_edit["leaseWarning"].startswith("hand-1 is curating this candidate until ")
    assert _run(api, LEASE, {"r": repo_id, "a": "RELEASE"})["candidateLease"] == {
        "__typename": "LeaseGranted",
        "lease": None,
    }, "the owner may release any hand's lease"


def test_a_dead_hands_lease_expires_and_another_hand_takes_over(
    api: ServedApi, repo_id: str, hand_token: str, second_hand_token: str
) -> None:
    import_seed(api, candidate_seed(repo_id))
    mission_id = send(api, repo_id)["mission"]["missionId"]
    assert _run(api, CLAIM, {"m": mission_id, "ttl": 2}, hand_token)["claimMission"]["__typename"] == "MissionClaimed"
    busy = _run(api, CLAIM, {"m": mission_id, "ttl": 60}, second_hand_token)["claimMission"]
    assert busy == {"__typename": "LeaseBusy", "current": {"curatingBy": "hand-1", "live": True}}
    time.sleep(2.5)  # hand-1 died without delivering
    review = _run(api, REVIEW, {"m": mission_id, "r": repo_id})
    assert review["lease"] == {"curatingBy": "hand-1", "live": False}
    taken = _run(api, CLAIM, {"m": mission_id, "ttl": 60}, second_hand_token)["claimMission"]
    assert taken["mission"] == {"state": "CLAIMED", "claimedBy": "hand-2"}
    late = _run(api, DELIVER, {"m": mission_id, "v": 1, "s": "done"}, hand_token)["deliverMission"]
    assert late["code"] == "NOT_MISSION_HOLDER"
    assert (
        _run(api, LETTER, {"m": mission_id, "b": "still here"}, hand_token)["postMissionLetter"]["code"]
        == "NOT_MISSION_HOLDER"
    )


def test_the_packet_the_listing_and_the_letters(
    api: ServedApi, repo_id: str, hand_token: str, second_hand_token: str
) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    opened = send(api, repo_id, "Resolve the seam, please.")
    mission = opened["mission"]
    assert (mission["state"], mission["note"], mission["baseStoreVersion"], mission["openedBy"]) == (
        "OPEN",
        "Resolve the seam, please.",
        version,
        "test-owner",
    )
    mission_id = mission["missionId"]
    data = _run(
        api,
        "query($m: ID!, $r: ID!) { mission(missionId: $m) { packet } missions(state: OPEN, repoId: $r) { missionId } }",
        {"m": mission_id, "r": repo_id},
    )
    assert data["missions"] == [{"missionId": mission_id}]
    packet = json.loads(data["mission"]["packet"])
    assert (packet["schema"], packet["mission_id"], packet["repo_id"], packet["store_version"], packet["note"]) == (
        "coderooms-curation-packet-v1",
        mission_id,
        repo_id,
        version,
        "Resolve the seam, please.",
    )
    assert packet["report"] is None, "an imported candidate has no scan report"
    assert [b["block_id"] for b in packet["seed"]["blocks"]] == ["sb_api", "sb_core", "sb_docs"]
    assert packet["review"] == {
        "block_count": 3,
        "needs_owner_naming": ["sb_api", "sb_core", "sb_docs"],
        "unresolved_seams": [{"path": "lib/shared.py", "block_ids": ["sb_api", "sb_core"]}],
        "residue_total": 1,
        "status": "3 blocks — 3 need a name, 1 seam to resolve",
    }

    assert _run(api, LETTER, {"m": mission_id, "b": "Take your time."})["postMissionLetter"] == {
        "__typename": "LetterPosted",
        "letter": {"seq": 1, "author": "test-owner", "seat": "owner", "body": "Take your time."},
    }
    assert (
        _run(api, LETTER, {"m": mission_id, "b": "Hi"}, hand_token)["postMissionLetter"]["code"] == "NOT_MISSION_HOLDER"
    )
    _run(api, CLAIM, {"m": mission_id, "ttl": 60}, hand_token)
    assert _run(api, LETTER, {"m": mission_id, "b": "On it.\nMerging."}, hand_token)["postMissionLetter"]["letter"] == {
        "seq": 2,
        "author": "hand-1",
        "seat": "agent",
        "body": "On it.\nMerging.",
    }
    assert _run(api, LETTER, {"m": mission_id, "b": "bell\u0007"})["postMissionLetter"]["code"] == "LETTER_INVALID"
    for hidden in HIDDEN.values():  # bidi controls and zero-width characters hide what a letter says
        posted = _run(api, LETTER, {"m": mission_id, "b": f"Merged. {hidden}"}, hand_token)["postMissionLetter"]
        assert posted["code"] == "LETTER_INVALID", posted
    out_of_range = _run(api, DELIVER, {"m": mission_id, "v": version + 5, "s": "x"}, hand_token)["deliverMission"]
    assert out_of_range["code"] == "INVALID_STORE_VERSION"
    assert (
        _run(api, DELIVER, {"m": mission_id, "v": version, "s": "Nothing to do."}, second_hand_token)["deliverMission"][
            "code"
        ]
        == "NOT_MISSION_HOLDER"
    )
    assert _run(api, DELIVER, {"m": mission_id, "v": version, "s": "Nothing to do."}, hand_token)["deliverMission"] == {
        "__typename": "MissionDelivered",
        "mission": {"state": "DELIVERED"},
    }
    assert (
        _run(api, CLAIM, {"m": mission_id, "ttl": 60}, second_hand_token)["claimMission"]["code"] == "MISSION_DELIVERED"
    )


def test_send_to_curation_refusals(api: ServedApi, repo_id: str, hand_token: str) -> None:
    assert send(api, repo_id)["code"] == "NO_STORE"
    import_seed(api, candidate_seed(repo_id, state=SkeletonState.RATIFIED))
    assert send(api, repo_id)["code"] == "SKELETON_NOT_CANDIDATE"
    refused = _run(api, SEND, {"r": repo_id, "note": ""}, hand_token)["sendToCuration"]
    assert refused == {
        "__typename": "Refused",
        "code": "SEAT_FORBIDDEN",
        "message": "this mutation needs the OWNER seat",
    }
    assert _run(api, CLAIM, {"m": "m_nope", "ttl": 60}, hand_token)["claimMission"]["code"] == "MISSION_NOT_FOUND"


def test_the_hand_stops_on_another_hands_live_lease(
    api: ServedApi, repo_id: str, hand_token: str, second_hand_token: str
) -> None:
    import_seed(api, candidate_seed(repo_id))
    mission_id = send(api, repo_id)["mission"]["missionId"]
    _run(api, CLAIM, {"m": mission_id, "ttl": 600}, hand_token)
    stopped = curate_cli(api, mission_id, second_hand_token, token_flag=True)
    assert stopped.returncode == 3
    assert "lease_busy: hand-1 holds the lease until" in stopped.stderr
