"""Issue 34, points 2 and 3, over HTTP on the real database: a refused scan writes nothing.

2. A scan refused with a version conflict used to replace the code graph anyway (it was written before the
   version check), and a reconcile after it emptied every ratified block; any scan root could overwrite any
   repository. Now the graph is staged and made live only by the write that wins the check, and a
   repository is bound to the directory it was first scanned from.
3. Two scans of one repository from two directories used to interleave (a candidate of one tree over the
   union of both graphs). Now one scan of a repository runs at a time, whichever process runs it.

Each attack is checked against a snapshot of everything stored under the repository (code graph
generations, store, blocks, history, scan lock: nodes, relationships and properties), its exported seed,
and its live graph's files and counts.
"""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from graphdb import scan_lock
from graphdb.database import Database
from tests.api.conftest import ServedApi
from tests.api.edit_support import EXPORT, edit
from tests.scan_integrity_support import snapshot
from tests.support import write_python_repo

pytestmark = pytest.mark.integration

SCAN = """
mutation($repo: ID!, $path: String!, $v: Int) {
  skeletonCandidate(input: {repoId: $repo, path: $path, expectedStoreVersion: $v, naming: HEURISTIC%s}) {
    __typename
    ... on CandidateWritten { store { storeVersion blocks { blockId } } }
    ... on VersionConflict { expected actual }
    ... on Refused { code message }
  }
}"""
RATIFY = """mutation($r: ID!, $v: Int!) { ratifyBlocks(input: {repoId: $r, expectedStoreVersion: $v}) {
  __typename } }"""
RECONCILE = """mutation($r: ID!) { reconcile(input: {repoId: $r}) { __typename
  ... on Reconciled { store { storeVersion blocks { blockId boundaryVersion } } } } }"""


OWN, OTHER = {"billing", "catalog", "shipping"}, {"alpha", "beta"}


def _modules(files: list[str]) -> set[str]:
    return {path.split("/")[1] for path in files if path.startswith("src/")}


def scan(
    api: ServedApi, repo_id: str, path: Path, version: int | None, *, rebind: bool = False, token: str | None = None
) -> dict[str, Any]:
    document = SCAN % (", rebind: true" if rebind else "")
    body = api.graphql(document, {"repo": repo_id, "path": str(path), "v": version}, token=token)
    assert "errors" not in body, body
    return body["data"]["skeletonCandidate"]


def export(api: ServedApi, repo_id: str) -> str:
    return api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"]


@pytest.fixture
def trees(scan_root: Path, repo_id: str) -> tuple[Path, Path]:
    """Two different trees inside the scan roots: the repository's own and another one."""
    own, other = scan_root / f"{repo_id}-own", scan_root / f"{repo_id}-other"
    write_python_repo(own, modules=tuple(sorted(OWN)))
    write_python_repo(other, modules=tuple(sorted(OTHER)), files_per_module=8)
    return own, other


def _ratified(api: ServedApi, repo_id: str, tree: Path) -> int:
    """The repository scanned from ``tree``, named, ratified and reconciled: its store version."""
    written = scan(api, repo_id, tree, None)
    assert written["__typename"] == "CandidateWritten", written
    blocks = [b["blockId"] for b in written["store"]["blocks"]]
    named = edit(api, repo_id, 1, [{"rename": {"blockId": b, "name": f"Block {i}"}} for i, b in enumerate(blocks)])
    assert named["__typename"] == "EditApplied", named
    assert api.graphql(RATIFY, {"r": repo_id, "v": 2})["data"]["ratifyBlocks"]["__typename"] == "Ratified"
    reconciled = api.graphql(RECONCILE, {"r": repo_id})["data"]["reconcile"]
    assert reconciled["__typename"] == "Reconciled", reconciled
    return int(reconciled["store"]["storeVersion"])


def test_a_refused_scan_leaves_the_code_graph_and_the_seed_as_they_were(
    api: ServedApi, db: Database, repo_id: str, trees: tuple[Path, Path], hand_token: str
) -> None:
    own, other = trees
    version = _ratified(api, repo_id, own)
    before, seed = snapshot(db, repo_id), export(api, repo_id)
    assert before["files"], "the ratified repository has a code graph"

    # The tree changed under the bound path (a module gone), and the scan expects a stale version.
    shutil.rmtree(own / "src" / "billing")
    assert scan(api, repo_id, own, version - 1) == {
        "__typename": "VersionConflict",
        "expected": version - 1,
        "actual": version,
    }
    assert snapshot(db, repo_id) == before and export(api, repo_id) == seed
    # The reconcile that followed the refused scan emptied every ratified block; now it finds nothing to do.
    reconciled = api.graphql(RECONCILE, {"r": repo_id})["data"]["reconcile"]
    assert reconciled["store"]["storeVersion"] == version
    assert snapshot(db, repo_id) == before and export(api, repo_id) == seed

    # Another scan root, with the right version: refused, whoever asks, unless the owner asks to rebind.
    refused = scan(api, repo_id, other, version)
    assert refused["__typename"] == "Refused" and refused["code"] == "PATH_REBIND_REFUSED", refused
    assert str(own.resolve()) in refused["message"]
    agent = scan(api, repo_id, other, version, token=hand_token)
    assert agent["__typename"] == "Refused" and agent["code"] == "PATH_REBIND_REFUSED", agent
    agent_rebind = scan(api, repo_id, other, version, rebind=True, token=hand_token)
    assert agent_rebind["__typename"] == "Refused" and agent_rebind["code"] == "SEAT_FORBIDDEN", agent_rebind
    assert snapshot(db, repo_id) == before and export(api, repo_id) == seed

    rebound = scan(api, repo_id, other, version, rebind=True)
    assert rebound["__typename"] == "CandidateWritten", rebound
    assert _modules(snapshot(db, repo_id)["files"]) == OTHER


def test_a_scan_while_another_holds_the_repository_is_refused_and_writes_nothing(
    api: ServedApi, db: Database, repo_id: str, trees: tuple[Path, Path], hand_token: str
) -> None:
    own, other = trees
    assert scan(api, repo_id, own, None)["__typename"] == "CandidateWritten"
    scan_lock.take(db, repo_id, "another-process")  # a scan of this repository running elsewhere
    before, seed = snapshot(db, repo_id), export(api, repo_id)

    for path, rebind, token in ((own, False, hand_token), (other, True, None)):
        refused = scan(api, repo_id, path, 1, rebind=rebind, token=token)
        assert refused["__typename"] == "Refused" and refused["code"] == "SCAN_IN_PROGRESS", refused
        assert snapshot(db, repo_id) == before and export(api, repo_id) == seed

    scan_lock.release(db, repo_id, "another-process")
    assert scan(api, repo_id, own, 1)["__typename"] == "CandidateWritten"
    # A crashed holder (its lease run out) does not block the repository.
    scan_lock.take(db, repo_id, "crashed-process", ttl_ms=1)
    time.sleep(0.05)
    assert scan(api, repo_id, own, 2)["__typename"] == "CandidateWritten"


def test_two_scans_of_one_repository_from_two_trees_leave_one_trees_graph(
    api: ServedApi, db: Database, repo_id: str, trees: tuple[Path, Path]
) -> None:
    own, other = trees
    assert scan(api, repo_id, own, None)["__typename"] == "CandidateWritten"
    results: dict[str, dict[str, Any]] = {}
    start = threading.Barrier(2)

    def run(name: str, path: Path) -> None:
        start.wait()
        results[name] = scan(api, repo_id, path, 1, rebind=True)

    threads = [threading.Thread(target=run, args=(name, path)) for name, path in (("own", own), ("other", other))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    written = [name for name, result in results.items() if result["__typename"] == "CandidateWritten"]
    assert len(written) == 1, results
    loser = results["other" if written == ["own"] else "own"]
    assert loser["__typename"] == "VersionConflict" or loser.get("code") == "SCAN_IN_PROGRESS", loser
    expected = OWN if written == ["own"] else OTHER
    assert _modules(snapshot(db, repo_id)["files"]) == expected, "the graph is the written tree's alone"
