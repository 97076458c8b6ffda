"""The spec deviations of issue 34 point 8 (and point 7's history page), over HTTP on the real database:

- ``resolveSeam "both"`` keeps the file a shared seam member of both blocks, and the seam counts as resolved;
- a merge and a split are measured on the code graph (not averaged into a made-up confidence);
- a split's sockets are recomputed from the edges that cross the new boundaries (not copied to every child);
- reconcile takes a candidate, reports per block, and one that changes nothing keeps the store version;
- history pages past 500 lines with ``before``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graphdb.database import Database
from graphdb.history import Actor
from rooms.contract import (
    MemberRole,
    Seat,
)
from rooms.edit import parse_ops
from services import edit as edits
from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_block, candidate_seed, edit, export, import_seed, seed_text
from tests.api.test_skeleton_candidate import scan
from tests.support import fixture_cypher, write_python_repo

pytestmark = pytest.mark.integration

P, S = MemberRole.PRIMARY, MemberRole.SHARED

# a/* and b/* are two tight triangles joined by one edge (a/1 -> b/1); c/1 uses a/2 only.
FILES = ["a/1.py", "a/2.py", "a/3.py", "b/1.py", "b/2.py", "b/3.py", "c/1.py", "c/2.py"]
EDGES = [
    ["a/1.py", "a/2.py", 1.0],
    ["a/2.py", "a/3.py", 1.0],
    ["a/1.py", "a/3.py", 1.0],
    ["b/1.py", "b/2.py", 1.0],
    ["b/2.py", "b/3.py", 1.0],
    ["b/1.py", "b/3.py", 1.0],
    ["a/1.py", "b/1.py", 1.0],
    ["c/1.py", "a/2.py", 1.0],
    ["c/1.py", "c/2.py", 1.0],
]


def _graph(db: Database, repo_id: str) -> None:
    db.driver.execute_query(
        fixture_cypher("two_file_cliques"), repo_id=repo_id, files=FILES, edges=EDGES, database_=db.database
    )


def _block(block_id: str, members: list[str], *, inputs: tuple[str, ...] = (), outputs: tuple[str, ...] = ()):
    return candidate_block(block_id, [(p, P) for p in members], list(outputs), inputs=list(inputs))


def _seed(repo_id: str, blocks: list) -> str:
    return seed_text(repo_id, blocks)


def _blocks(api: ServedApi, repo_id: str) -> dict[str, dict]:
    return {b["block_id"]: b for b in json.loads(export(api, repo_id))["blocks"]}


def _targets(block: dict, kind: str) -> list[str]:
    return sorted(s["to"] for s in block.get("sockets", {}).get(kind, []) if "to" in s)


# -- resolveSeam "both" ------------------------------------------------------------------------------------
ZERO_TOUCH = "query($r: ID!) { zeroTouchStatus(repoId: $r) { unresolvedSeams } }"
BLOCK_SEAMS = "query($r: ID!) { blocks(repoId: $r) { blockId seamPaths resolvedSeams membership { path role } } }"


def test_resolve_seam_both_keeps_the_file_shared_on_both_blocks_and_resolves_the_seam(
    api: ServedApi, repo_id: str
) -> None:
    version = import_seed(api, candidate_seed(repo_id))  # sb_api and sb_core share lib/shared.py
    assert api.graphql(ZERO_TOUCH, {"r": repo_id})["data"]["zeroTouchStatus"]["unresolvedSeams"] == 1
    ops = [{"resolveSeam": {"path": "lib/shared.py", "resolution": "both"}}]
    result = edit(api, repo_id, version, ops)
    assert result["__typename"] == "EditApplied", result
    blocks = _blocks(api, repo_id)
    for block_id in ("sb_api", "sb_core"):
        roles = {m["path"]: m["role"] for m in blocks[block_id]["membership"]}
        assert roles["lib/shared.py"] == "shared", f"{block_id} must keep the file as a shared seam member"
        assert blocks[block_id]["resolved_seams"] == ["lib/shared.py"]
    assert api.graphql(ZERO_TOUCH, {"r": repo_id})["data"]["zeroTouchStatus"]["unresolvedSeams"] == 0
    read = {b["blockId"]: b for b in api.graphql(BLOCK_SEAMS, {"r": repo_id})["data"]["blocks"]}
    assert read["sb_api"]["resolvedSeams"] == ["lib/shared.py"]
    assert {m["role"] for m in read["sb_core"]["membership"] if m["path"] == "lib/shared.py"} == {"SHARED"}


# -- merge / split on the code graph -----------------------------------------------------------------------
META = "candidateMeta { graphCohesion edgeSampleSize directorySupport coverageRatio namedBy }"
BLOCKS = "query($r: ID!) { blocks(repoId: $r) { blockId " + META + " } }"


def test_a_merge_is_measured_on_the_code_graph(api: ServedApi, db: Database, repo_id: str) -> None:
    _graph(db, repo_id)
    seed = _seed(
        repo_id,
        [
            _block("sb_a", ["a/**"], outputs=["sb_c"]),
            _block("sb_b", ["b/**"]),
            _block("sb_c", ["c/**"], inputs=["sb_a"]),
        ],
    )
    version = import_seed(api, seed)
    result = edit(api, repo_id, version, [{"merge": {"into": "sb_a", "blockIds": ["sb_b"]}}])
    assert result["__typename"] == "EditApplied", result
    meta = {b["blockId"]: b["candidateMeta"] for b in api.graphql(BLOCKS, {"r": repo_id})["data"]["blocks"]}["sb_a"]
    # a+b: 7 file pairs inside (two triangles and a/1-b/1), 1 across the boundary (c/1-a/2), all weight 1.
    assert meta["edgeSampleSize"] == 8
    assert meta["graphCohesion"] == pytest.approx(7 / 8)
    assert (meta["directorySupport"], meta["coverageRatio"]) == (1.0, 1.0)
    assert meta["namedBy"] == "HEURISTIC"  # the survivor keeps its naming


def test_a_split_recomputes_sockets_and_scores_from_the_code_graph(api: ServedApi, db: Database, repo_id: str) -> None:
    _graph(db, repo_id)
    seed = _seed(
        repo_id, [_block("sb_ab", ["a/**", "b/**"], outputs=["sb_c"]), _block("sb_c", ["c/**"], inputs=["sb_ab"])]
    )
    version = import_seed(api, seed)
    result = edit(api, repo_id, version, [{"split": {"blockId": "sb_ab", "paths": [["a/**"], ["b/**"]]}}])
    assert result["__typename"] == "EditApplied", result
    blocks = _blocks(api, repo_id)
    a_id, b_id = (bid for bid in blocks if bid != "sb_c")
    a, b, c = blocks[a_id], blocks[b_id], blocks["sb_c"]
    assert [m["path"] for m in a["membership"]] == ["a/**"]
    # a/1 uses b/1: the a child takes an input from the b child; c/1 uses a/2 only: c depends on the a child.
    assert _targets(a, "inputs") == [b_id]
    assert _targets(b, "outputs") == [a_id]
    assert _targets(a, "outputs") == ["sb_c"]
    assert _targets(c, "inputs") == [a_id]
    assert _targets(b, "inputs") == [] and "sb_c" not in _targets(b, "outputs")
    # Each child measured: the a triangle plus a/1-b/1 and c/1-a/2 at its boundary (3 inside of 5).
    meta = a["candidate_meta"]
    assert (meta["edge_sample_size"], meta["graph_cohesion"]) == (5, pytest.approx(3 / 5))
    assert meta["needs_owner_naming"] is True


# -- reconcile ---------------------------------------------------------------------------------------------
RECONCILE = """mutation($r: ID!, $v: Int) { reconcile(input: {repoId: $r, expectedStoreVersion: $v}) { __typename
  ... on Reconciled { changed store { storeVersion unmappedTotal skeleton { state } }
                      blocks { blockId change resolved added removed boundaryVersion } }
  ... on VersionConflict { expected actual }
  ... on Refused { code message } } }"""


def test_reconcile_takes_a_candidate_reports_each_block_and_a_no_op_keeps_the_version(
    api: ServedApi, db: Database, repo_id: str
) -> None:
    _graph(db, repo_id)
    seed = _seed(repo_id, [_block("sb_a", ["a/**"]), _block("sb_b", ["b/**", "gone.py"]), _block("sb_x", ["x/**"])])
    version = import_seed(api, seed)
    stale = api.graphql(RECONCILE, {"r": repo_id, "v": version - 1})["data"]["reconcile"]
    assert stale == {"__typename": "VersionConflict", "expected": version - 1, "actual": version}
    first = api.graphql(RECONCILE, {"r": repo_id, "v": version})["data"]["reconcile"]
    assert first["__typename"] == "Reconciled", first
    assert first["changed"] is True
    assert first["store"]["storeVersion"] == version + 1
    assert first["store"]["skeleton"]["state"] == "CANDIDATE"
    assert first["store"]["unmappedTotal"] == 2  # c/1.py, c/2.py
    by_id = {b["blockId"]: b for b in first["blocks"]}
    assert by_id["sb_a"] == {
        "blockId": "sb_a",
        "change": "RECORDED",
        "resolved": 3,
        "added": 3,
        "removed": 0,
        "boundaryVersion": 1,
    }
    assert by_id["sb_x"]["change"] == "EMPTIED"
    again = api.graphql(RECONCILE, {"r": repo_id})["data"]["reconcile"]
    assert again["changed"] is False
    assert again["store"]["storeVersion"] == version + 1, "a reconcile that changes nothing keeps the version"
    assert {b["change"] for b in again["blocks"]} == {"KEPT"}


# -- history paging ----------------------------------------------------------------------------------------
HISTORY_PAGE = """query($r: ID!, $last: Int!, $before: Int) {
  history(repoId: $r, last: $last, before: $before) { storeVersion kind } }"""


def test_history_pages_past_500_lines(api: ServedApi, db: Database, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    owner = Actor(Seat.OWNER, "test-owner")
    for n in range(520):  # in-process writes: the page is what is tested over HTTP
        ops = parse_ops([{"op": "rename", "block_id": "sb_api", "name": f"API {n}"}])
        outcome = edits.apply_edit(db, repo_id, version + n, ops, owner, None, datetime.now(UTC))
        assert isinstance(outcome, edits.EditApplied), outcome
    total = version + 520
    pages: list[list[int]] = []
    before = None
    while True:
        page = api.graphql(HISTORY_PAGE, {"r": repo_id, "last": 500, "before": before})["data"]["history"]
        pages.append([h["storeVersion"] for h in page])
        if len(page) < 500:
            break
        before = page[0]["storeVersion"]
    assert [len(p) for p in pages] == [500, total - 500]
    assert [v for p in reversed(pages) for v in p] == list(range(1, total + 1))
    # The default answer is unchanged: the last lines, oldest first.
    last = api.graphql(HISTORY_PAGE, {"r": repo_id, "last": 3, "before": None})["data"]["history"]
    assert [h["storeVersion"] for h in last] == [total - 2, total - 1, total]


def test_a_merge_after_a_real_scan_is_measured_on_the_live_code_graph(
    api: ServedApi, scan_root: Path, repo_id: str
) -> None:
    # A scan's graph lives under a generation key, not the repository id: the merge must still find it.
    root = scan_root / repo_id
    write_python_repo(root, modules=("billing", "catalog", "shipping", "ledger"), files_per_module=8)
    result = scan(api, repo_id, str(root), None)
    assert result["__typename"] == "CandidateWritten", result
    store = api.graphql("query($r: ID!) { store(repoId: $r) { storeVersion blocks { blockId } } }", {"r": repo_id})
    version, blocks = store["data"]["store"]["storeVersion"], store["data"]["store"]["blocks"]
    into, other = blocks[0]["blockId"], blocks[1]["blockId"]
    merged = edit(api, repo_id, version, [{"merge": {"into": into, "blockIds": [other]}}])
    assert merged["__typename"] == "EditApplied", merged
    meta = {b["blockId"]: b["candidateMeta"] for b in api.graphql(BLOCKS, {"r": repo_id})["data"]["blocks"]}[into]
    assert meta["edgeSampleSize"] > 0 and meta["graphCohesion"] is not None, meta
