"""Cost limits on the real API and database: the 32-alias exportSeed attack is refused unrun with its cost,
four at once leave the API's memory where it was, answers over the cap and executions over a token's slots
are refused with their codes (issue 34, point 5)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from api.cost import SEED
from bench.load.seed import realistic_candidate
from graphdb import store_writes
from graphdb.connection import Target
from graphdb.database import Database
from graphdb.history import Actor
from rooms.contract import Seat
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.api.edit_support import export

pytestmark = pytest.mark.integration

ATTACK = "query($r: ID!) { " + " ".join(f"a{i}: exportSeed(repoId: $r)" for i in range(32)) + " }"
HISTORY = "query($r: ID!) { store(repoId: $r) { storeVersion } history(repoId: $r) { kind } }"
SLOW = "query($r: ID!) { " + " ".join(f"a{i}: exportSeed(repoId: $r)" for i in range(5)) + " }"


@pytest.fixture(scope="module")
def large_repo(db: Database) -> Iterator[str]:
    """A store of 400 blocks and 10,000 members, written straight to the database
    (a seed that large is over the API's body limit)."""
    repo_id = "test-cost-large"
    seed = realistic_candidate(repo_id, blocks=400, members=10_000, seed=3)
    store_writes.import_seed(db, store_writes.store_version(db, repo_id) or None, seed, actor=Actor(Seat.OWNER, "t"))
    yield repo_id
    while db.execute("repo_delete_batch", repo_id=repo_id, batch_size=10_000)[0]["deleted"]:
        pass


@pytest.fixture(scope="module")
def fresh_api(neo4j_target: Target, owner_token: str) -> Iterator[ServedApi]:
    """An API process of this module's own, whose memory no other test has grown."""
    served = serve(env_for(neo4j_target), owner_token)
    yield served
    stop(served)


@pytest.fixture(scope="module")
def tight_api(neo4j_target: Target, owner_token: str) -> Iterator[ServedApi]:
    env = {**env_for(neo4j_target), "CODEROOMS_MAX_RESPONSE_BYTES": "4096", "CODEROOMS_SEAT_CONCURRENCY": "1"}
    served = serve({**env, "CODEROOMS_SEAT_WAIT_SECONDS": "0"}, owner_token)
    yield served
    stop(served)


def _state(api: ServedApi, repo_id: str) -> tuple[str, object]:
    return export(api, repo_id), api.graphql(HISTORY, {"r": repo_id})["data"]


def test_the_export_seed_attack_is_refused_unrun_with_its_cost(
    api: ServedApi, large_repo: str, reader_token: str
) -> None:
    before = _state(api, large_repo)
    for accept in ("application/json", "application/graphql-response+json"):
        response = httpx.post(
            api.graphql_url,
            json={"query": ATTACK, "variables": {"r": large_repo}},
            headers={"authorization": f"Bearer {reader_token}", "accept": accept},
            timeout=60,
        )
        assert response.status_code == (200 if accept == "application/json" else 400)
        body = response.json()
        assert body.get("data") is None
        (error,) = body["errors"]
        assert error["extensions"] == {"code": "QUERY_TOO_COSTLY", "cost": 32 * (SEED + 1), "budget": 30_000}
        assert "too costly" in error["message"]
        assert len(response.content) < 2_000
    assert _state(api, large_repo) == before


def _peak_rss_kb(pid: int) -> int:
    """The process's peak resident set (VmHWM): what the answers built, even after it was freed."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")))


def test_four_attacks_at_once_leave_the_memory_bounded(fresh_api: ServedApi, large_repo: str) -> None:
    assert "storeVersion" in json.dumps(fresh_api.graphql(HISTORY, {"r": large_repo}))  # warm: the store was read
    before = _peak_rss_kb(fresh_api.process.pid)

    def attack(_: int) -> httpx.Response:
        return fresh_api.post(ATTACK, {"r": large_repo})

    with ThreadPoolExecutor(4) as pool:
        responses = list(pool.map(attack, range(4)))
    grown_mb = (_peak_rss_kb(fresh_api.process.pid) - before) / 1024
    assert grown_mb < 100, f"the API's peak memory grew by {grown_mb:.0f} MB"
    codes = [r.json()["errors"][0]["extensions"]["code"] for r in responses if r.json().get("errors")]
    assert codes == ["QUERY_TOO_COSTLY"] * 4, [r.text[:200] for r in responses]


def test_an_answer_over_the_cap_is_refused_and_not_kept(tight_api: ServedApi, large_repo: str) -> None:
    document = "query($r: ID!) { exportSeed(repoId: $r) }"
    for _ in range(2):  # the second is no cached copy of the refusal, nor of the answer
        response = tight_api.post(document, {"r": large_repo})
        assert response.status_code == 200
        body = response.json()
        assert body["data"] is None
        (error,) = body["errors"]
        assert error["extensions"]["code"] == "RESPONSE_TOO_LARGE"
        assert error["extensions"]["cap"] == 4096 and error["extensions"]["bytes"] > 1_000_000
        assert "hit" not in response.headers.get("cache-status", "")
    assert tight_api.graphql("query($r: ID!) { store(repoId: $r) { storeVersion } }", {"r": large_repo})["data"]


def test_executions_beyond_a_tokens_slots_are_refused_with_429(tight_api: ServedApi, large_repo: str) -> None:
    with ThreadPoolExecutor(6) as pool:
        responses = list(pool.map(lambda _: tight_api.post(SLOW, {"r": large_repo}), range(6)))
    refused = [r for r in responses if r.status_code == 429]
    assert refused and len(refused) < len(responses)
    assert all(r.headers["retry-after"] == "1" for r in refused)
    assert {r.json()["errors"][0]["extensions"]["code"] for r in refused} == {"TOO_MANY_REQUESTS"}
    # the slots are free again once the executions end
    assert tight_api.graphql("{ serverInfo { version } }")["data"]["serverInfo"]["version"]
