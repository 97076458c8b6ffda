"""Issue 38, item 1, over HTTP: a scan as a job (startScan → scanJob → its result; cancelScan).

The job's phases advance in the scan's order with files counted while parsing; a cancelled job leaves the
map, the code graph and the scan lock exactly as they were; a second scan of the repository while one
runs gets `scan_in_progress` (at once from this server, or as the job's end when a scan elsewhere holds the
repository's lock).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from graphdb import scan_lock
from graphdb.database import Database
from services.scan import PHASES
from tests.api.conftest import ServedApi
from tests.api.edit_support import EXPORT
from tests.scan_integrity_support import snapshot
from tests.support import scan_held_at_loading, write_python_repo

pytestmark = pytest.mark.integration

FIELDS = """
    jobId state phase progress { done total } cancelRequested
    result {
      __typename
      ... on CandidateWritten { outcome store { storeVersion blocks { blockId } } }
      ... on VersionConflict { expected actual }
      ... on Refused { code message }
    }
"""
JOB = "__typename ... on ScanJob { " + FIELDS + " } ... on Refused { code message }"
START = (
    "mutation($repo: ID!, $path: String!, $v: Int) { startScan(input: {repoId: $repo, path: $path, "
    "expectedStoreVersion: $v, naming: HEURISTIC}) { " + JOB + " } }"
)
WATCH = "query($job: ID!) { scanJob(jobId: $job) { __typename " + FIELDS + " } }"
CANCEL = "mutation($job: ID!) { cancelScan(input: {jobId: $job}) { " + JOB + " } }"
SCAN = """mutation($repo: ID!, $path: String!) {
  skeletonCandidate(input: {repoId: $repo, path: $path, naming: HEURISTIC}) { __typename } }"""

MANY = tuple(f"module{i}" for i in range(16))  # 16 x 40 files: parsed by worker processes, for seconds


def _data(api: ServedApi, document: str, variables: dict[str, Any]) -> dict[str, Any]:
    body = api.graphql(document, variables)
    assert "errors" not in body, body
    return body["data"]


def start(api: ServedApi, repo_id: str, path: Path, version: int | None = None) -> dict[str, Any]:
    return _data(api, START, {"repo": repo_id, "path": str(path), "v": version})["startScan"]


def watch(api: ServedApi, job_id: str) -> dict[str, Any]:
    job = _data(api, WATCH, {"job": job_id})["scanJob"]
    assert job is not None, "the job is known while it runs and minutes after"
    return job


def until_ended(api: ServedApi, job_id: str, seen: list[tuple[str, int, int]] | None = None) -> dict[str, Any]:
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        job = watch(api, job_id)
        if seen is not None and job["phase"] is not None:
            seen.append((job["phase"], job["progress"]["done"], job["progress"]["total"]))
        if job["state"] != "RUNNING":
            return job
        time.sleep(0.02)
    raise AssertionError("the scan job did not end in 5 minutes")


def until_phase(api: ServedApi, job_id: str, phase: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        job = watch(api, job_id)
        if job["phase"] == phase or job["state"] != "RUNNING":
            return job
        time.sleep(0.01)
    raise AssertionError(f"the scan job never reached {phase}")


def test_a_job_answers_at_once_and_its_phases_advance_in_order(api: ServedApi, scan_root: Path, repo_id: str) -> None:
    files = write_python_repo(scan_root / repo_id, modules=MANY, files_per_module=40)
    begun = time.monotonic()
    job = start(api, repo_id, scan_root / repo_id)
    assert job["__typename"] == "ScanJob" and job["state"] == "RUNNING" and job["result"] is None
    assert time.monotonic() - begun < 5, "startScan answers before the scan is done"
    seen: list[tuple[str, int, int]] = []
    ended = until_ended(api, job["jobId"], seen)
    assert ended["state"] == "SUCCEEDED", ended
    assert ended["result"]["__typename"] == "CandidateWritten"
    assert ended["result"]["outcome"] == "CREATED_CANDIDATE_STORE" and ended["result"]["store"]["storeVersion"] == 1
    phases = [phase for i, (phase, _, _) in enumerate(seen) if i == 0 or seen[i - 1][0] != phase]
    assert len(phases) >= 3, seen
    assert phases == sorted(phases, key=PHASES.index), f"phases out of order: {phases}"
    parsing = [(done, total) for phase, done, total in seen if phase == "parsing"]
    assert parsing, "the parse (seconds long) was seen"
    assert all(total == len(files) and 0 <= done <= total for done, total in parsing)
    assert [done for done, _ in parsing] == sorted(done for done, _ in parsing), "files are counted up"
    assert ended["phase"] == "writing"


def test_cancel_leaves_the_map_and_the_code_graph_as_they_were(
    api: ServedApi, db: Database, scan_root: Path, repo_id: str
) -> None:
    root = scan_root / repo_id
    write_python_repo(root)
    assert _data(api, SCAN, {"repo": repo_id, "path": str(root)})["skeletonCandidate"]["__typename"] == (
        "CandidateWritten"
    )
    seed, before = _data(api, EXPORT, {"r": repo_id})["exportSeed"], snapshot(db, repo_id)
    write_python_repo(root, modules=("orders", "payments"), files_per_module=5)  # a change to scan

    # The rescan loads into the other generation (`~2`); holding one of its files there keeps it from
    # getting past loading, so the cancel lands while it runs, whatever the machine's speed.
    with scan_held_at_loading(db, f"{repo_id}~2", "src/billing/part0.py"):
        job = start(api, repo_id, root, 1)
        assert job["__typename"] == "ScanJob", job
        until_phase(api, job["jobId"], "loading")
        asked = _data(api, CANCEL, {"job": job["jobId"]})["cancelScan"]
        assert asked["__typename"] == "ScanJob" and asked["state"] == "RUNNING" and asked["cancelRequested"] is True
    ended = until_ended(api, job["jobId"])
    assert ended["state"] == "CANCELLED", ended
    assert ended["result"] == {"__typename": "Refused", "code": "SCAN_CANCELLED", "message": ended["result"]["message"]}
    assert _data(api, EXPORT, {"r": repo_id})["exportSeed"] == seed
    after = snapshot(db, repo_id)
    assert after["counts"] == before["counts"] and after["files"] == before["files"]
    assert after == before, "nothing staged is left, and the scan lock is released"

    again = _data(api, CANCEL, {"job": job["jobId"]})["cancelScan"]
    assert again["state"] == "CANCELLED", "cancelling an ended job changes nothing"
    unknown = _data(api, CANCEL, {"job": "no-such-job"})["cancelScan"]
    assert unknown["__typename"] == "Refused" and unknown["code"] == "UNKNOWN_SCAN_JOB"


def test_a_second_scan_of_a_repository_while_one_runs_is_refused(
    api: ServedApi, db: Database, scan_root: Path, repo_id: str
) -> None:
    root = scan_root / repo_id
    write_python_repo(root)
    with scan_held_at_loading(db, f"{repo_id}~1", "src/billing/part0.py"):  # the first runs on meanwhile
        first = start(api, repo_id, root)
        second = start(api, repo_id, root)
        assert second["__typename"] == "Refused" and second["code"] == "SCAN_IN_PROGRESS", second
        assert first["jobId"] in second["message"]
        _data(api, CANCEL, {"job": first["jobId"]})
    assert until_ended(api, first["jobId"])["state"] == "CANCELLED"


def test_a_scan_running_elsewhere_ends_the_job_with_scan_in_progress(
    api: ServedApi, db: Database, scan_root: Path, repo_id: str
) -> None:
    root = scan_root / repo_id
    write_python_repo(root)
    scan_lock.take(db, repo_id, "another-process")
    try:
        job = start(api, repo_id, root)
        assert job["__typename"] == "ScanJob"
        ended = until_ended(api, job["jobId"])
    finally:
        scan_lock.release(db, repo_id, "another-process")
    assert ended["state"] == "FAILED"
    assert ended["result"]["__typename"] == "Refused" and ended["result"]["code"] == "SCAN_IN_PROGRESS"


def test_an_unknown_job_reads_as_null(api: ServedApi) -> None:
    assert _data(api, WATCH, {"job": "no-such-job"})["scanJob"] is None
