"""Kept answers brought up to date by the write (``api.read_refresh``), over real HTTP against a real Neo4j: after
a request of this API changed a store, the reads that were kept for it are answered from what the process kept,
byte for byte what the full run answers at the new head, for the seat that asked."""

from __future__ import annotations

import uuid

import httpx
import pytest

from tests.api.conftest import ServedApi
from tests.api.edit_support import STORE_MAP as MAP
from tests.api.edit_support import assert_same_answer, candidate_seed, edit, import_seed, post_accepting

PULSE = "query Pulse($repo: ID!) { store(repoId: $repo) { storeVersion } lease(repoId: $repo) { curatingBy live } }"

HIT, STORED = "coderooms; hit", "coderooms; fwd=miss; stored"
GRAPHQL_JSON = "application/graphql-response+json"


def _post(api: ServedApi, document: str, variables: dict, token: str, accept: str = "application/json"
          ) -> httpx.Response:
    return post_accepting(api, document, variables, accept, token)


def _full_run(api: ServedApi, document: str, variables: dict, token: str, accept: str) -> httpx.Response:
    """The answer of the full pipeline: the same query in a text never sent before."""
    answered = _post(api, f"{document}\n# {uuid.uuid4().hex}\n", variables, token, accept)
    assert answered.headers["cache-status"] == STORED
    return answered


def _fresh_repo(api: ServedApi) -> tuple[str, int]:
    repo_id = f"refresh-{uuid.uuid4().hex[:8]}"
    return repo_id, import_seed(api, candidate_seed(repo_id))


@pytest.mark.parametrize("accept", ["application/json", GRAPHQL_JSON])
def test_the_read_after_an_edit_is_answered_from_what_the_edit_kept(api: ServedApi, accept: str) -> None:
    repo_id, version = _fresh_repo(api)
    map_vars, pulse_vars = {"repo": repo_id, "n": 2}, {"repo": repo_id}
    assert _post(api, MAP, map_vars, api.token, accept).headers["cache-status"].startswith(STORED)
    assert _post(api, PULSE, pulse_vars, api.token, accept).headers["cache-status"].startswith(STORED)
    for step, name in enumerate(["Surface", "Surface two"]):
        applied = edit(api, repo_id, version + step, [{"rename": {"blockId": "sb_api", "name": name}}])
        assert applied["__typename"] == "EditApplied", applied
        for document, variables in [(MAP, map_vars), (PULSE, pulse_vars)]:
            kept = _post(api, document, variables, api.token, accept)
            full = _full_run(api, document, variables, api.token, accept)
            assert kept.headers["cache-status"] == HIT
            assert_same_answer(kept, full)
            data = kept.json()["data"]
            assert data["store"]["storeVersion"] == version + step + 1
            if document == MAP:
                assert {b["blockId"]: b["name"] for b in data["store"]["blocks"]}["sb_api"] == name


def test_each_seat_that_read_gets_its_own_answer_at_the_new_head(api: ServedApi, reader_token: str,
                                                                  hand_token: str) -> None:
    repo_id, version = _fresh_repo(api)
    variables = {"repo": repo_id, "n": 2}
    assert _post(api, MAP, variables, reader_token).headers["cache-status"].startswith(STORED)
    applied = edit(api, repo_id, version, [{"rename": {"blockId": "sb_core", "name": "Kernel"}}], token=hand_token)
    assert applied["__typename"] == "EditApplied", applied
    kept = _post(api, MAP, variables, reader_token)
    assert kept.headers["cache-status"] == HIT
    assert_same_answer(kept, _full_run(api, MAP, variables, reader_token, "application/json"))
    assert {b["blockId"]: b["name"] for b in kept.json()["data"]["store"]["blocks"]}["sb_core"] == "Kernel"
    # The editor's seat read nothing of this store: nothing was computed for it.
    assert _post(api, MAP, variables, hand_token).headers["cache-status"].startswith("coderooms; fwd=miss")


def test_a_lease_taken_is_in_the_next_read(api: ServedApi, hand_token: str) -> None:
    repo_id, _ = _fresh_repo(api)
    variables = {"repo": repo_id, "n": 2}
    before = _post(api, MAP, variables, api.token)
    assert before.json()["data"]["lease"] is None  # no lease yet
    acquired = api.graphql("""mutation($repo: ID!) {
      candidateLease(input: {repoId: $repo, action: ACQUIRE, ttlSecs: 600}) { __typename }
    }""", {"repo": repo_id}, token=hand_token)
    assert acquired["data"]["candidateLease"]["__typename"] == "LeaseGranted", acquired
    kept = _post(api, MAP, variables, api.token)
    assert kept.headers["cache-status"] == HIT
    assert kept.json()["data"]["lease"] == {"curatingBy": "hand-1", "live": True}
    assert_same_answer(kept, _full_run(api, MAP, variables, api.token, "application/json"))


def test_an_edit_that_changes_nothing_leaves_the_kept_answer(api: ServedApi) -> None:
    repo_id, version = _fresh_repo(api)
    variables = {"repo": repo_id, "n": 2}
    first = _post(api, MAP, variables, api.token)
    conflict = edit(api, repo_id, version + 5, [{"rename": {"blockId": "sb_api", "name": "Never"}}])
    assert conflict["__typename"] == "VersionConflict", conflict
    rejected = edit(api, repo_id, version, [{"rename": {"blockId": "sb_nope", "name": "Never"}}])
    assert rejected["__typename"] == "EditRejected", rejected
    after = _post(api, MAP, variables, api.token)
    assert after.headers["cache-status"] == HIT
    assert after.content == first.content
