"""Every write that bumps a store's version leaves one line in its history, with who made it."""

from __future__ import annotations

import threading

import pytest

from tests.api.conftest import ServedApi
from tests.api.edit_support import EDIT, candidate_seed, edit, import_seed

pytestmark = pytest.mark.integration

HISTORY = """query($r: ID!) { history(repoId: $r, last: 10) { batchId storeVersion kind seat agentId ops } }"""


def test_imports_and_edits_are_recorded_in_order(api: ServedApi, repo_id: str) -> None:
    first = import_seed(api, candidate_seed(repo_id))
    second = import_seed(api, candidate_seed(repo_id), expected=first)
    ops = [{"rename": {"blockId": "sb_api", "name": "The API"}}]
    edited = api.graphql(EDIT, {"repo": repo_id, "v": second, "ops": ops, "batch": "rename-api"})
    assert edited["data"]["candidateEdit"]["__typename"] == "EditApplied", edited
    history = api.graphql(HISTORY, {"r": repo_id})["data"]["history"]
    assert [(h["storeVersion"], h["kind"]) for h in history] == [
        (first, "import"),
        (second, "import"),
        (second + 1, "edit"),
    ]
    assert {(h["seat"], h["agentId"]) for h in history} == {("owner", "test-owner")}
    assert history[-1]["batchId"] == "rename-api"
    assert history[0]["batchId"] != history[1]["batchId"]


WRITES = 40
STORE_AND_HISTORY = (
    """query($r: ID!) { store(repoId: $r) { storeVersion } history(repoId: $r, last: 1) { storeVersion } }"""
)


def test_one_document_reads_the_store_and_its_history_at_one_version(api: ServedApi, repo_id: str) -> None:
    """``store`` and ``history`` in one document answer for the same version, however writes interleave:
    the last line of history is the write that made the store's version, never one behind or ahead."""
    version = import_seed(api, candidate_seed(repo_id))
    writes_done = threading.Event()
    answers: list[tuple[int, int]] = []

    def write() -> None:
        try:
            for n in range(WRITES):
                edit(api, repo_id, version + n, [{"rename": {"blockId": "sb_api", "name": f"API {n}"}}])
        finally:
            writes_done.set()

    writer = threading.Thread(target=write)
    writer.start()
    while not writes_done.is_set():
        data = api.graphql(STORE_AND_HISTORY, {"r": repo_id})["data"]
        answers.append((data["store"]["storeVersion"], data["history"][-1]["storeVersion"]))
    writer.join()
    final = api.graphql(STORE_AND_HISTORY, {"r": repo_id})["data"]
    assert final["store"]["storeVersion"] == version + WRITES, "every write landed"
    assert len({store for store, _ in answers}) > 1, "the reads never overlapped the writes"
    torn = [(store, last) for store, last in answers if store != last]
    assert not torn, f"{len(torn)} of {len(answers)} answers: store version vs the last history line {torn[:5]}"
