"""Partial ratification that does not trap (issue 35 item 3), over HTTP on the real database: after "Ratify
selected only" the skeleton stays a candidate, the signed block refuses edits (``block_ratified``), the other
blocks stay editable and are ratified later, and the last ratification signs the skeleton."""

from __future__ import annotations

import pytest

from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, edit, import_seed

pytestmark = pytest.mark.integration

RATIFY = """mutation($repo: ID!, $v: Int!, $ids: [ID!]) {
  ratifyBlocks(input: {repoId: $repo, expectedStoreVersion: $v, blockIds: $ids}) {
    __typename
    ... on Ratified { store { storeVersion skeleton { state } blocks { blockId state } } }
    ... on RatifyRejected { blocks { blockId reason } }
  } }"""
ZERO = "query($r: ID!) { zeroTouchStatus(repoId: $r) { blockCount readyToRatify line } }"


def _ratify(api: ServedApi, repo_id: str, version: int, ids: list[str] | None) -> dict:
    return api.graphql(RATIFY, {"repo": repo_id, "v": version, "ids": ids})["data"]["ratifyBlocks"]


def test_ratify_selected_only_leaves_the_rest_editable_and_ratifiable(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    assert edit(api, repo_id, version, [{"rename": {"blockId": "sb_docs", "name": "Docs"}}])["__typename"] == (
        "EditApplied"
    )
    signed = _ratify(api, repo_id, version + 1, ["sb_docs"])
    assert signed["__typename"] == "Ratified", signed
    assert signed["store"]["skeleton"]["state"] == "CANDIDATE"
    states = {b["blockId"]: b["state"] for b in signed["store"]["blocks"]}
    assert states == {"sb_api": "CANDIDATE", "sb_core": "CANDIDATE", "sb_docs": "RATIFIED"}
    version += 2

    # the signed block refuses edits; the rest of the candidate does not
    refused = edit(api, repo_id, version, [{"rename": {"blockId": "sb_docs", "name": "Other"}}])
    assert (refused["__typename"], refused["code"], refused["opIndex"]) == ("EditRejected", "BLOCK_RATIFIED", 0)
    ops = [{"rename": {"blockId": b, "name": n}} for b, n in (("sb_api", "API"), ("sb_core", "Core"))]
    ops.append({"resolveSeam": {"path": "lib/shared.py", "resolution": "primary:sb_core"}})
    assert edit(api, repo_id, version, ops)["__typename"] == "EditApplied"
    version += 1
    zero = api.graphql(ZERO, {"r": repo_id})["data"]["zeroTouchStatus"]
    assert zero == {
        "blockCount": 2,
        "readyToRatify": True,
        "line": "all 2 blocks named — ready to ratify · 1 already ratified",
    }

    # ratified later: the last ratification signs the skeleton
    done = _ratify(api, repo_id, version, None)
    assert done["__typename"] == "Ratified", done
    assert done["store"]["skeleton"]["state"] == "RATIFIED"
    assert {b["state"] for b in done["store"]["blocks"]} == {"RATIFIED"}
    after = edit(api, repo_id, version + 1, [{"rename": {"blockId": "sb_api", "name": "Other"}}])
    assert after["code"] == "SKELETON_NOT_CANDIDATE"
