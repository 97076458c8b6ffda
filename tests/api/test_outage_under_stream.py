"""Neo4j stops and comes back under a stream of reads and edit batches; the API recovers by itself (/readyz follows).

While the database is down, every request — reads and writes, any token — is refused with HTTP 503 and the
error code DATABASE_UNAVAILABLE; nothing answers 500 and nothing is answered from memory: a token revoked
before the outage is not taken on a remembered identity (issue 34). When it is back, reads answer and edits
apply again with no API restart, and the history is contiguous with every applied batch recorded exactly once.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from graphdb.tokens import create_token, revoke_token
from rooms.contract import Seat
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.api.edit_support import EDIT, candidate_seed, import_seed
from tests.api.outage_support import connected, own_instance, ready, wait_until

pytestmark = pytest.mark.integration

READ = "query($r: ID!) { store(repoId: $r) { storeVersion blocks { blockId name } } }"
HISTORY = "query($r: ID!) { history(repoId: $r, last: 500) { batchId storeVersion kind } }"
UNAVAILABLE = "DATABASE_UNAVAILABLE"


@dataclass(frozen=True)
class Answer:
    sent: float
    done: float
    status: int | None  # None: no HTTP answer at all
    body: dict[str, Any]
    retry_after: str | None = None

    @property
    def codes(self) -> set[str | None]:
        return {(e.get("extensions") or {}).get("code") for e in self.body.get("errors") or []}

    def refused_cleanly(self) -> bool:
        return self.status == 503 and self.codes == {UNAVAILABLE} and self.retry_after is not None

    def within(self, start: float, end: float) -> bool:
        return start <= self.sent and self.done <= end


def post(http: httpx.Client, document: str, variables: dict[str, Any]) -> Answer:
    sent = time.monotonic()
    try:
        response = http.post("/graphql", json={"query": document, "variables": variables})
    except httpx.TransportError as exc:
        return Answer(sent, time.monotonic(), None, {"transport_error": repr(exc)})
    return Answer(sent, time.monotonic(), response.status_code, response.json(), response.headers.get("retry-after"))


@dataclass
class Stream:
    """One reader and one writer thread posting to the API until stopped."""

    api: ServedApi
    repo_id: str
    start_version: int
    reads: list[Answer] = field(default_factory=list)
    writes: list[tuple[str, Answer]] = field(default_factory=list)
    applied: dict[str, tuple[int, float]] = field(default_factory=dict)  # batch id -> (version, when)
    _halt: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)

    def __enter__(self) -> Stream:
        self._threads = [threading.Thread(target=loop, daemon=True) for loop in (self._read, self._write)]
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._halt.set()
        for thread in self._threads:
            thread.join(timeout=90)

    def _client(self) -> httpx.Client:
        return httpx.Client(
            base_url=self.api.base_url, timeout=60, headers={"authorization": f"Bearer {self.api.token}"}
        )

    def _read(self) -> None:
        with self._client() as http:
            while not self._halt.wait(0.05):
                self.reads.append(post(http, READ, {"r": self.repo_id}))

    def _write(self) -> None:
        expected, n = self.start_version, 0
        with self._client() as http:
            while not self._halt.wait(0.05):
                batch = f"w{n}"
                ops = [{"rename": {"blockId": "sb_api", "name": f"API {batch}"}}]
                answer = post(http, EDIT, {"repo": self.repo_id, "v": expected, "ops": ops, "batch": batch})
                self.writes.append((batch, answer))
                outcome = (answer.body.get("data") or {}).get("candidateEdit") or {}
                if outcome.get("__typename") == "EditApplied":
                    self.applied[batch] = (outcome["storeVersion"], answer.done)
                    expected, n = outcome["storeVersion"], n + 1
                elif outcome.get("__typename") == "VersionConflict":
                    expected = outcome["actual"]  # not recorded (a recorded batch replays first): retry it
                else:
                    time.sleep(0.2)  # refused: the same batch again, same batchId, in a moment

    def fresh_reads(self, since: float = 0.0) -> list[Answer]:
        return [a for a in list(self.reads) if a.sent >= since and a.status == 200]

    def applied_since(self, since: float) -> int:
        return sum(when >= since for _, when in list(self.applied.values()))


def test_reads_stay_writes_refuse_and_all_recovers_while_neo4j_restarts() -> None:
    with own_instance() as instance, connected(instance) as (target, db):
        db.apply_schema()
        token = create_token(db, Seat.OWNER, "outage-owner")[1]
        stranger = create_token(db, Seat.READER, "outage-stranger")[1]  # first presented during the outage
        revoked_id, revoked = create_token(db, Seat.OWNER, "outage-revoked")  # known, then revoked before it
        api = serve(env_for(target), token)
        try:
            wait_until(lambda: ready(api.base_url), 30, "/readyz answers 200 at first")
            repo_id = f"test-{uuid.uuid4().hex[:12]}"
            start = import_seed(api, candidate_seed(repo_id))
            assert api.post(READ, {"r": repo_id}, token=revoked).status_code == 200  # the process has seen it
            assert revoke_token(db, revoked_id)
            with Stream(api, repo_id, start) as stream:
                wait_until(lambda: len(stream.applied) >= 3 and len(stream.fresh_reads()) >= 3, 60, "the stream runs")
                instance.stop()
                down_at = time.monotonic()
                wait_until(lambda: not ready(api.base_url), 30, "/readyz answers 503")
                wait_until(
                    lambda: (
                        sum(a.refused_cleanly() for a in stream.reads if a.sent >= down_at) >= 5
                        and sum(a.refused_cleanly() for _, a in stream.writes if a.sent >= down_at) >= 5
                    ),
                    60,
                    "refused reads and writes while down",
                )
                assert httpx.get(f"{api.base_url}/healthz", timeout=10).status_code == 200, "the process is alive"
                uncached = api.post(HISTORY, {"r": repo_id})
                unknown_token = api.post(READ, {"r": repo_id}, token=stranger)
                revoked_token = api.post(READ, {"r": repo_id}, token=revoked)
                restart_at = time.monotonic()
                instance.start()
                wait_until(lambda: ready(api.base_url), 60, "/readyz answers 200 again")
                wait_until(
                    lambda: len(stream.fresh_reads(restart_at)) >= 3 and stream.applied_since(restart_at) >= 3,
                    60,
                    "fresh reads and applied edits after the restart",
                )
            assert api.process.poll() is None, "the same API process served throughout"
            final = api.graphql(READ, {"r": repo_id})
            history = api.graphql(HISTORY, {"r": repo_id})["data"]["history"]
        finally:
            stop(api)

    answers = stream.reads + [a for _, a in stream.writes]
    assert all(a.status in (200, 503) for a in answers), {a.status for a in answers}
    assert all(a.refused_cleanly() for a in answers if a.status == 503), "every refusal is a coded, retryable 503"
    assert all("errors" not in a.body for a in answers if a.status == 200), "no masked error, no 500 in disguise"

    for refused in (uncached, unknown_token, revoked_token):
        body = refused.json()
        assert refused.status_code == 503 and refused.headers["retry-after"], body
        assert [e["extensions"]["code"] for e in body["errors"]] == [UNAVAILABLE], body

    reads_during = [a for a in stream.reads if a.within(down_at, restart_at)]
    assert reads_during and all(a.refused_cleanly() for a in reads_during), "every read while down is refused"
    writes_during = [a for _, a in stream.writes if a.within(down_at, restart_at)]
    assert writes_during and all(a.refused_cleanly() for a in writes_during), "every write while down is refused"

    applied = {batch: version for batch, (version, _) in stream.applied.items()}
    edits = [h for h in history if h["kind"] == "edit"]
    assert [h["storeVersion"] for h in edits] == list(range(start + 1, start + 1 + len(applied))), "contiguous"
    assert Counter(h["batchId"] for h in edits).most_common(1)[0][1] == 1, "no batch recorded twice"
    assert {h["batchId"]: h["storeVersion"] for h in edits} == applied, "every applied batch recorded, none else"
    assert final["data"]["store"]["storeVersion"] == start + len(applied)
    names = {b["blockId"]: b["name"] for b in final["data"]["store"]["blocks"]}
    assert names["sb_api"] == f"API {max(applied, key=applied.__getitem__)}", "the last applied batch's edit"
