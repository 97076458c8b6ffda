"""skeletonCandidate over HTTP on a real repository: the outcomes of F0c §1/§4, paths, determinism."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.api.conftest import ServedApi
from tests.api.edit_support import EXPORT, edit
from tests.api.naming_support import add_runner
from tests.support import write_python_repo

pytestmark = pytest.mark.integration

SCAN = """
mutation($repo: ID!, $path: String!, $v: Int, $limit: Int!) {
  skeletonCandidate(input: {repoId: $repo, path: $path, expectedStoreVersion: $v, reviewLimit: $limit,
                            naming: HEURISTIC}) {
    __typename
    ... on CandidateWritten {
      outcome
      store { storeVersion skeleton { state } blocks { blockId name candidateMeta { namedBy needsOwnerNaming } }
              candidateRevision { blocks { blockId } } }
      report { fallback algorithm blockCount residueCount naming multiOwnerSeams { path }
               suggestedSplits { blockId directories } keptEditedFiles }
      reviewQueue { totalCount nodes { blockId } pageInfo { hasNextPage } }
    }
    ... on VersionConflict { expected actual }
    ... on Refused { code message }
  }
}"""


def scan(api: ServedApi, repo_id: str, path: str, version: int | None, limit: int = 16) -> dict:
    body = api.graphql(SCAN, {"repo": repo_id, "path": path, "v": version, "limit": limit})
    assert "errors" not in body, body
    return body["data"]["skeletonCandidate"]


@pytest.fixture
def repo(scan_root: Path, repo_id: str) -> Path:
    root = scan_root / repo_id
    write_python_repo(root)
    return root


def test_scan_creates_then_replaces_identically(api: ServedApi, repo: Path, repo_id: str) -> None:
    first = scan(api, repo_id, str(repo), None, limit=2)
    assert first["__typename"] == "CandidateWritten" and first["outcome"] == "CREATED_CANDIDATE_STORE"
    store = first["store"]
    assert store["storeVersion"] == 1 and store["skeleton"]["state"] == "CANDIDATE"
    assert len(store["blocks"]) >= 2
    assert all(b["candidateMeta"] == {"namedBy": "HEURISTIC", "needsOwnerNaming": True} for b in store["blocks"])
    queue = first["reviewQueue"]
    assert queue["totalCount"] == len(store["blocks"]) and len(queue["nodes"]) == 2
    assert queue["pageInfo"]["hasNextPage"] is True
    assert first["report"]["blockCount"] == len(store["blocks"])
    assert first["report"]["suggestedSplits"] == []  # one package: no module kept whole to read finer
    assert first["report"]["keptEditedFiles"] is None
    seed_one = api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"]

    second = scan(api, repo_id, str(repo), 1)
    assert second["outcome"] == "REPLACED_CANDIDATE_STORE" and second["store"]["storeVersion"] == 2
    assert api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"] == seed_one, "same tree → same map"
    assert second["report"]["keptEditedFiles"] == 0  # nothing changed: the map is kept

    edited = repo / "src" / "catalog" / "part4.py"
    edited.write_text("# a comment\n" + edited.read_text())
    third = scan(api, repo_id, str(repo), 2)
    assert third["report"]["keptEditedFiles"] == 1 and third["store"]["storeVersion"] == 3
    assert api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"] == seed_one


def test_a_stale_version_conflicts(api: ServedApi, repo: Path, repo_id: str) -> None:
    scan(api, repo_id, str(repo), None)
    assert scan(api, repo_id, str(repo), None) == {"__typename": "VersionConflict", "expected": None, "actual": 1}
    assert scan(api, repo_id, str(repo), 5) == {"__typename": "VersionConflict", "expected": 5, "actual": 1}


def test_a_ratified_skeleton_only_gets_a_revision(api: ServedApi, repo: Path, repo_id: str) -> None:
    written = scan(api, repo_id, str(repo), None)
    blocks = [b["blockId"] for b in written["store"]["blocks"]]
    renamed = edit(api, repo_id, 1, [{"rename": {"blockId": b, "name": f"Block {i}"}} for i, b in enumerate(blocks)])
    assert renamed["__typename"] == "EditApplied"
    seams = written["report"]["multiOwnerSeams"]
    assert seams == [], "the planted repository has no tied files"
    ratified = api.graphql(
        """mutation($r: ID!) { ratifyBlocks(input: {repoId: $r, expectedStoreVersion: 2}) {
        __typename } }""",
        {"r": repo_id},
    )["data"]["ratifyBlocks"]
    assert ratified["__typename"] == "Ratified"
    live = api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"]
    revision = scan(api, repo_id, str(repo), 3)
    assert revision["outcome"] == "WROTE_CANDIDATE_REVISION"
    assert revision["store"]["skeleton"]["state"] == "RATIFIED"
    assert [b["blockId"] for b in revision["store"]["candidateRevision"]["blocks"]] == blocks
    assert api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"] == live, "live blocks untouched"


def test_paths_outside_the_scan_roots_are_refused(
    api: ServedApi, scan_root: Path, repo_id: str, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"
    write_python_repo(outside, files_per_module=2)
    link = scan_root / f"{repo_id}-link"
    os.symlink(outside, link)
    for path in (str(outside), f"{scan_root}/../{outside.name}", str(link), "/etc", "", "does-not-exist"):
        result = scan(api, repo_id, path, None)
        assert (result["__typename"], result["code"]) == ("Refused", "INVALID_PATH"), path
        assert str(scan_root.resolve()) not in result["message"].replace(path, ""), "no server path is shown"
    assert api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"] is None, "nothing written"


def test_a_bad_repo_id_is_refused(api: ServedApi, repo: Path) -> None:
    result = scan(api, "bad id/../x", str(repo), None)
    assert (result["__typename"], result["code"]) == ("Refused", "INVALID_REPO_ID")


def test_naming_auto_asks_the_pinned_runner(api: ServedApi, repo: Path, repo_id: str) -> None:
    add_runner(api, repo_id, "namer-auto")
    body = api.graphql(
        SCAN.replace("naming: HEURISTIC", "naming: AUTO"), {"repo": repo_id, "path": str(repo), "v": None, "limit": 16}
    )
    written = body["data"]["skeletonCandidate"]
    assert written["__typename"] == "CandidateWritten", written
    metas = [b["candidateMeta"] for b in written["store"]["blocks"]]
    assert metas and all(m == {"namedBy": "RUNNER", "needsOwnerNaming": False} for m in metas)
    assert written["report"]["naming"].startswith("runner namer-auto:")
    status = api.graphql("query($r: ID!) { zeroTouchStatus(repoId: $r) { readyToRatify line } }", {"r": repo_id})[
        "data"
    ]["zeroTouchStatus"]
    assert status["readyToRatify"] is True and "runner-named" in status["line"]
