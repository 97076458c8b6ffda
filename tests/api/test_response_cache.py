"""The response cache (``api.response_cache``): a repeated store read is answered from what the process kept,
with an ETag and 304 for a client that names it, and never once the answer would differ: a write (through
this API or another process), a lease that runs out, another seat, a revoked token, an incomplete answer."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from datetime import datetime

import httpx
import pytest

from graphdb.connection import Target
from graphdb.database import Database
from graphdb.tokens import create_token, revoke_token
from rooms.contract import Seat
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.api.edit_support import candidate_seed, edit, import_seed, rename_elsewhere

MAP = """query Map($repo: ID!) {
  store(repoId: $repo) { storeVersion blocks { blockId name membership { path } } }
  lease(repoId: $repo) { curatingBy curatingUntil live }
  zeroTouchStatus(repoId: $repo) { blockCount }
}"""

HIT, STORED, COMPUTED = "coderooms; hit", "coderooms; fwd=miss; stored", "coderooms; fwd=miss"


def _fresh_repo(api: ServedApi) -> tuple[str, int]:
    repo_id = f"kept-{uuid.uuid4().hex[:8]}"
    return repo_id, import_seed(api, candidate_seed(repo_id))


def _read(
    api: ServedApi, repo_id: str, token: str | None = None, document: str = MAP, etag: str | None = None
) -> httpx.Response:
    headers = {"authorization": f"Bearer {token or api.token}"}
    if etag is not None:
        headers["if-none-match"] = etag
    return httpx.post(
        api.graphql_url, json={"query": document, "variables": {"repo": repo_id}}, headers=headers, timeout=60
    )


def _names(response: httpx.Response) -> dict[str, str]:
    return {b["blockId"]: b["name"] for b in response.json()["data"]["store"]["blocks"]}


def test_a_repeated_read_is_kept_and_a_named_etag_gets_304(api: ServedApi) -> None:
    repo_id, _ = _fresh_repo(api)
    first, second = _read(api, repo_id), _read(api, repo_id)
    assert first.headers["cache-status"] == STORED
    assert second.headers["cache-status"] == HIT
    assert second.content == first.content
    assert second.headers["content-type"] == first.headers["content-type"]
    assert second.headers["etag"] == first.headers["etag"]

    revalidated = _read(api, repo_id, etag=first.headers["etag"])
    assert revalidated.status_code == 304
    assert revalidated.content == b""
    assert revalidated.headers["etag"] == first.headers["etag"]
    assert _read(api, repo_id, etag='"something-else"').content == first.content


def test_a_write_changes_the_etag_and_the_body(api: ServedApi, db: Database) -> None:
    repo_id, version = _fresh_repo(api)
    before = _read(api, repo_id)
    applied = edit(api, repo_id, version, [{"rename": {"blockId": "sb_api", "name": "HTTP surface"}}])
    assert applied["__typename"] == "EditApplied", applied
    after = _read(api, repo_id, etag=before.headers["etag"])
    assert after.status_code == 200
    assert after.headers["cache-status"] == STORED
    assert after.headers["etag"] != before.headers["etag"]
    assert _names(after)["sb_api"] == "HTTP surface"

    rename_elsewhere(db, repo_id, version + 1, "sb_core", "Core rules")  # another process: only the head says so
    elsewhere = _read(api, repo_id, etag=after.headers["etag"])
    assert elsewhere.status_code == 200
    assert elsewhere.json()["data"]["store"]["storeVersion"] == version + 2
    assert _names(elsewhere) == {**_names(after), "sb_core": "Core rules"}


def test_the_seat_is_part_of_the_key(api: ServedApi, db: Database) -> None:
    repo_id, _ = _fresh_repo(api)
    reader = create_token(db, Seat.READER, "kept-reader")[1]
    owner = _read(api, repo_id)
    assert owner.headers["cache-status"] == STORED
    as_reader = _read(api, repo_id, reader)
    assert as_reader.headers["cache-status"] == STORED  # the owner's kept answer is not the reader's
    assert as_reader.content == owner.content
    assert _read(api, repo_id, reader).headers["cache-status"] == HIT


def test_an_answer_showing_a_live_lease_ends_with_the_lease(api: ServedApi) -> None:
    repo_id, _ = _fresh_repo(api)
    acquired = api.graphql(
        """mutation($repo: ID!) {
      candidateLease(input: {repoId: $repo, action: ACQUIRE, ttlSecs: 3}) { __typename }
    }""",
        {"repo": repo_id},
    )
    assert acquired["data"]["candidateLease"]["__typename"] == "LeaseGranted", acquired
    live, kept = _read(api, repo_id), _read(api, repo_id)
    lease = live.json()["data"]["lease"]
    assert lease["live"] is True
    assert kept.headers["cache-status"] == HIT and kept.content == live.content

    until = datetime.fromisoformat(lease["curatingUntil"].replace("Z", "+00:00")).timestamp()
    time.sleep(max(0.0, until - time.time()) + 0.2)
    expired = _read(api, repo_id, etag=live.headers["etag"])
    assert expired.status_code == 200
    assert expired.headers["cache-status"] != HIT
    assert expired.json()["data"]["lease"]["live"] is False


def test_a_revoked_token_gets_nothing_from_the_cache(api: ServedApi, db: Database) -> None:
    repo_id, _ = _fresh_repo(api)
    token_id, token = create_token(db, Seat.READER, "kept-reader")
    first = _read(api, repo_id, token)
    assert _read(api, repo_id, token).headers["cache-status"] == HIT
    revoke_token(db, token_id)
    refused = _read(api, repo_id, token, etag=first.headers["etag"])
    assert refused.status_code == 401
    assert "data" not in refused.json()


def test_only_complete_answers_to_store_reads_are_kept(api: ServedApi) -> None:
    repo_id, _ = _fresh_repo(api)
    invalid = "query($repo: ID!) { store(repoId: $repo) { noSuchField } }"
    for _ in range(2):
        refused = _read(api, repo_id, document=invalid)
        assert refused.json()["errors"]
        assert refused.headers["cache-status"] == COMPUTED
        assert "etag" not in refused.headers

    missing = f"missing-{uuid.uuid4().hex[:8]}"  # no store yet: nothing to keep the answer under
    for _ in range(2):
        assert _read(api, missing).headers["cache-status"] == COMPUTED

    history = "query($repo: ID!) { store(repoId: $repo) { storeVersion } history(repoId: $repo) { kind } }"
    for _ in range(2):
        answered = _read(api, repo_id, document=history)
        assert answered.json()["data"]["history"]
        assert "cache-status" not in answered.headers  # reads more than the store: never kept


@pytest.fixture
def uncached_api(neo4j_target: Target, owner_token: str) -> Iterator[ServedApi]:
    served = serve({**env_for(neo4j_target), "CODEROOMS_RESPONSE_CACHE": "false"}, owner_token)
    yield served
    stop(served)


def test_the_setting_turns_the_cache_off(uncached_api: ServedApi) -> None:
    repo_id, _ = _fresh_repo(uncached_api)
    first, second = _read(uncached_api, repo_id), _read(uncached_api, repo_id)
    assert second.content == first.content
    for answered in (first, second):
        assert answered.status_code == 200
        assert "cache-status" not in answered.headers and "etag" not in answered.headers
