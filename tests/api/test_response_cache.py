"""Kept answers to store reads (``api.read_cache``): a repeated read is answered from what the process kept, and
never once the answer would differ: a write, a lease that runs out, a revoked token, an answer with errors."""

from __future__ import annotations

import time
import uuid
from datetime import datetime

import httpx

from graphdb.database import Database
from graphdb.tokens import create_token, revoke_token
from rooms.contract import Seat
from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, import_seed, rename_elsewhere

MAP = """query Map($repo: ID!) {
  store(repoId: $repo) { storeVersion blocks { blockId name membership { path } } }
  lease(repoId: $repo) { curatingBy curatingUntil live }
  zeroTouchStatus(repoId: $repo) { blockCount }
}"""

HIT, STORED, COMPUTED = "coderooms; hit", "coderooms; fwd=miss; stored", "coderooms; fwd=miss"


def _fresh_repo(api: ServedApi) -> tuple[str, int]:
    repo_id = f"kept-{uuid.uuid4().hex[:8]}"
    return repo_id, import_seed(api, candidate_seed(repo_id))


def _read(api: ServedApi, repo_id: str, token: str | None = None, document: str = MAP) -> httpx.Response:
    return api.post(document, {"repo": repo_id}, token)


def test_a_repeated_read_is_kept_until_the_store_changes(api: ServedApi, db: Database) -> None:
    repo_id, version = _fresh_repo(api)
    first, second = _read(api, repo_id), _read(api, repo_id)
    assert first.headers["cache-status"] == STORED
    assert second.headers["cache-status"] == HIT
    assert second.content == first.content
    assert second.headers["content-type"] == first.headers["content-type"]

    rename_elsewhere(db, repo_id, version, "sb_api", "HTTP surface")  # not through this API: nothing refreshed
    after = _read(api, repo_id)
    assert after.headers["cache-status"] == STORED + "; detail=direct"  # proven by the first read
    data = after.json()["data"]
    assert data["store"]["storeVersion"] == version + 1
    assert {b["blockId"]: b["name"] for b in data["store"]["blocks"]}["sb_api"] == "HTTP surface"
    assert _read(api, repo_id).content == after.content


def test_an_answer_showing_a_live_lease_ends_with_the_lease(api: ServedApi) -> None:
    repo_id, _ = _fresh_repo(api)
    acquired = api.graphql("""mutation($repo: ID!) {
      candidateLease(input: {repoId: $repo, action: ACQUIRE, ttlSecs: 3}) { __typename }
    }""", {"repo": repo_id})
    assert acquired["data"]["candidateLease"]["__typename"] == "LeaseGranted", acquired
    live, kept = _read(api, repo_id), _read(api, repo_id)
    lease = live.json()["data"]["lease"]
    assert lease["live"] is True
    assert kept.headers["cache-status"] == HIT and kept.content == live.content

    until = datetime.fromisoformat(lease["curatingUntil"].replace("Z", "+00:00")).timestamp()
    time.sleep(max(0.0, until - time.time()) + 0.2)
    expired = _read(api, repo_id)
    assert expired.headers["cache-status"] != HIT
    assert expired.json()["data"]["lease"]["live"] is False


def test_a_revoked_token_gets_nothing_from_the_cache(api: ServedApi, db: Database) -> None:
    repo_id, _ = _fresh_repo(api)
    token_id, token = create_token(db, Seat.READER, "kept-reader")
    assert _read(api, repo_id, token).status_code == 200
    assert _read(api, repo_id, token).headers["cache-status"] == HIT
    revoke_token(db, token_id)
    refused = _read(api, repo_id, token)
    assert refused.status_code == 401
    assert "data" not in refused.json()


def test_only_complete_answers_to_store_reads_are_kept(api: ServedApi) -> None:
    repo_id, _ = _fresh_repo(api)
    invalid = "query($repo: ID!) { store(repoId: $repo) { noSuchField } }"
    for _ in range(2):
        refused = _read(api, repo_id, document=invalid)
        assert refused.json()["errors"]
        assert refused.headers["cache-status"] == COMPUTED

    missing = f"missing-{uuid.uuid4().hex[:8]}"  # no store yet: nothing to keep the answer under
    for _ in range(2):
        assert _read(api, missing).headers["cache-status"] == COMPUTED

    history = "query($repo: ID!) { store(repoId: $repo) { storeVersion } history(repoId: $repo) { kind } }"
    for _ in range(2):
        answered = _read(api, repo_id, document=history)
        assert answered.json()["data"]["history"]
        assert "cache-status" not in answered.headers  # reads more than the store: never kept
