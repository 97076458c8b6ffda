"""The architecture picture over HTTP: stored layouts from a scan, sockets with edge counts and the edges
behind them, and ``placeBlocks`` (no version bump, never losing or blocking a concurrent edit)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, edit, import_seed
from tests.api.test_skeleton_candidate import scan
from tests.support import write_python_repo

pytestmark = pytest.mark.integration

PICTURE = """query($r: ID!) { store(repoId: $r) { storeVersion blocks { blockId name
  layout { x y locked stored }
  sockets { inputs { to type testOnly edgeCount } outputs { to testOnly edgeCount }
            external { alias edgeCount } } } } }"""

EDGES = """query($r: ID!, $b: ID!, $to: ID!) { block(repoId: $r, blockId: $b) {
  socketEdges(to: $to, first: 2) { totalCount edges { source target kind weight callers used } } } }"""

PLACE = """mutation($r: ID!, $p: [BlockPosition!]!) { placeBlocks(input: {repoId: $r, positions: $p}) {
  __typename ... on BlocksPlaced { storeVersion blockIds } ... on Refused { code message } } }"""


def picture(api: ServedApi, repo_id: str) -> dict:
    body = api.graphql(PICTURE, {"r": repo_id})
    assert "errors" not in body, body
    return body["data"]["store"]


def place(api: ServedApi, repo_id: str, positions: list[dict], token: str | None = None) -> dict:
    body = api.graphql(PLACE, {"r": repo_id, "p": positions}, token=token)
    assert "errors" not in body, body
    return body["data"]["placeBlocks"]


@pytest.fixture
def scanned(api: ServedApi, scan_root: Path, repo_id: str) -> dict:
    root = scan_root / repo_id
    write_python_repo(root, modules=("billing", "catalog", "shipping", "ledger"), files_per_module=8)
    result = scan(api, repo_id, str(root), None)
    assert result["__typename"] == "CandidateWritten", result
    return picture(api, repo_id)


def test_a_scan_stores_a_deterministic_layout_and_sockets_carry_edge_counts(
    api: ServedApi, scanned: dict, repo_id: str
) -> None:
    blocks = scanned["blocks"]
    assert len(blocks) >= 3
    assert all(b["layout"]["stored"] and not b["layout"]["locked"] for b in blocks)
    assert len({(b["layout"]["x"], b["layout"]["y"]) for b in blocks}) == len(blocks)  # no two boxes on one spot
    arrows = [(b["blockId"], s) for b in blocks for s in b["sockets"]["inputs"] if s["to"]]
    assert arrows, "the planted modules import each other"
    for block_id, socket in arrows:
        assert socket["testOnly"] is False
        assert socket["edgeCount"] > 0
        behind = api.graphql(EDGES, {"r": repo_id, "b": block_id, "to": socket["to"]})["data"]
        edges = behind["block"]["socketEdges"]
        assert edges["totalCount"] == socket["edgeCount"]
        assert 0 < len(edges["edges"]) <= 2
        for e in edges["edges"]:
            assert e["kind"] in {"imports", "calls", "inherits"} and e["source"] != e["target"]
        # the same arrow, seen from the used block's outputs, has the same count
        used = next(b for b in blocks if b["blockId"] == socket["to"])
        assert {"to": block_id, "testOnly": False, "edgeCount": socket["edgeCount"]} in used["sockets"]["outputs"]
    assert all(s["edgeCount"] is None for b in blocks for s in b["sockets"]["external"])
    # a block of no socket: zero edges; a block not in the map: null
    some = blocks[0]["blockId"]
    assert api.graphql(EDGES, {"r": repo_id, "b": some, "to": "sb_nowhere"})["data"]["block"]["socketEdges"] is None


def test_place_blocks_stores_positions_without_a_version_bump(api: ServedApi, scanned: dict, repo_id: str) -> None:
    version = scanned["storeVersion"]
    first, second = scanned["blocks"][0]["blockId"], scanned["blocks"][1]["blockId"]
    placed = place(api, repo_id, [{"blockId": first, "x": 1234.5, "y": -20}])
    assert placed == {"__typename": "BlocksPlaced", "storeVersion": version, "blockIds": [first]}
    after = {b["blockId"]: b for b in picture(api, repo_id)["blocks"]}
    assert after[first]["layout"] == {"x": 1234.5, "y": -20.0, "locked": True, "stored": True}
    assert after[second]["layout"] == scanned["blocks"][1]["layout"]  # the others did not move
    again = picture(api, repo_id)  # the response cache follows the store's head, not only its version
    assert again["storeVersion"] == version and again == picture(api, repo_id)

    assert place(api, repo_id, [{"blockId": "sb_nowhere", "x": 0, "y": 0}])["code"] == "UNKNOWN_BLOCK"
    assert place(api, "no-such-repo", [{"blockId": first, "x": 0, "y": 0}])["code"] == "NO_STORE"


def test_readers_cannot_place_blocks(api: ServedApi, scanned: dict, repo_id: str, reader_token: str) -> None:
    first = scanned["blocks"][0]["blockId"]
    refused = place(api, repo_id, [{"blockId": first, "x": 1, "y": 1}], token=reader_token)
    assert refused["code"] == "SEAT_FORBIDDEN"


def test_placing_blocks_on_a_ratified_skeleton_is_allowed(api: ServedApi, repo_id: str) -> None:
    from rooms.contract import SkeletonState

    version = import_seed(api, candidate_seed(repo_id, state=SkeletonState.RATIFIED))
    assert place(api, repo_id, [{"blockId": "sb_core", "x": 10, "y": 20}])["storeVersion"] == version
    core = next(b for b in picture(api, repo_id)["blocks"] if b["blockId"] == "sb_core")
    assert core["layout"]["x"] == 10 and core["layout"]["locked"]


def test_a_concurrent_edit_is_neither_lost_nor_refused(api: ServedApi, repo_id: str, hand_token: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    # an agent read v1 and prepares a rename; meanwhile the owner drags a box
    assert place(api, repo_id, [{"blockId": "sb_api", "x": 500, "y": 40}])["storeVersion"] == version
    renamed = edit(api, repo_id, version, [{"rename": {"blockId": "sb_api", "name": "Api"}}], token=hand_token)
    assert renamed["__typename"] == "EditApplied", renamed  # the position did not make it stale
    # and many drags racing many edits: every edit lands once, every block keeps its last position
    ops = [
        [{"rename": {"blockId": b, "name": f"{b.removeprefix('sb_').title()} {i}"}}]
        for i, b in enumerate(["sb_core", "sb_docs", "sb_core", "sb_docs"])
    ]

    def drag(i: int) -> dict:
        return place(api, repo_id, [{"blockId": "sb_docs", "x": float(i), "y": float(i)}])

    def rename(i: int) -> dict:
        for _ in range(20):
            current = picture(api, repo_id)["storeVersion"]
            result = edit(api, repo_id, current, ops[i], token=hand_token)
            if result["__typename"] == "EditApplied":
                return result
        raise AssertionError("an edit never landed")

    with ThreadPoolExecutor(max_workers=6) as pool:
        drags = [pool.submit(drag, i) for i in range(12)]
        renames = [pool.submit(rename, i) for i in range(len(ops))]
        assert all(f.result()["__typename"] == "BlocksPlaced" for f in drags)
        assert all(f.result()["__typename"] == "EditApplied" for f in renames)
    final = {b["blockId"]: b for b in picture(api, repo_id)["blocks"]}
    assert picture(api, repo_id)["storeVersion"] == version + 1 + len(ops)  # the drags bumped nothing
    assert final["sb_api"]["name"] == "Api" and final["sb_api"]["layout"]["x"] == 500  # nothing undone
    assert final["sb_docs"]["layout"]["locked"] and final["sb_docs"]["layout"]["x"] in {float(i) for i in range(12)}
    assert final["sb_core"]["name"].startswith("Core ") and final["sb_docs"]["name"].startswith("Docs ")
