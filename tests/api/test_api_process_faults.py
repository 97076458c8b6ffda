"""API process faults on the session's database.

- An API process SIGKILLed at seeded-random moments under a stream of edit batches leaves the store at
  the version before or after the batch in flight, never between; the client retries that batch with
  the same batchId on the restarted process, and every batch is applied at most once.
- Two API processes on one database keep optimistic concurrency exact.
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from graphdb import history
from graphdb import store as persisted
from graphdb.connection import Target
from graphdb.database import Database
from rooms.contract import Store
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.api.edit_support import EDIT, EXPORT, candidate_seed, import_seed
from tests.api.outage_support import wait_until

pytestmark = pytest.mark.integration

KILLS = 5
SEED = 20_260_608
HISTORY = "query($r: ID!) { history(repoId: $r, last: 500) { batchId storeVersion kind } }"
VERSION = "query($r: ID!) { store(repoId: $r) { storeVersion } }"


def _ops(batch: str) -> list[dict[str, Any]]:
    """Two renames carrying the batch id: a partial batch would show as two different ids."""
    return [
        {"rename": {"blockId": "sb_api", "name": f"API {batch}"}},
        {"rename": {"blockId": "sb_core", "name": f"Core {batch}"}},
    ]


@dataclass
class Restartable:
    """The API process under test, killed and started again on the same database."""

    env: dict[str, str]
    token: str
    current: ServedApi | None = None
    generation: int = 0

    def start(self) -> None:
        self.current = serve(self.env, self.token)
        self.generation += 1

    def kill(self) -> None:
        assert self.current is not None
        os.kill(self.current.process.pid, signal.SIGKILL)
        self.current.process.wait()


@dataclass
class BatchStream:
    """Posts edit batches one after another to whichever process is running. A batch that got no answer
    (the process died) is retried with the same batchId and the same expected version until it does."""

    servers: Restartable
    repo_id: str
    expected: int
    applied: dict[str, tuple[int, bool]] = field(default_factory=dict)  # batch -> (version, replayed)
    applied_in: Counter[int] = field(default_factory=Counter)  # process generation -> batches applied
    interrupted: list[tuple[str, str]] = field(default_factory=list)  # (batch, error): killed mid-request
    unexpected: list[Any] = field(default_factory=list)
    halt: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    # One client for the stream: its batches follow each other on a kept connection, so that a kill at a random
    # moment finds one in flight, not the client building its next connection (httpx.post makes a client a post).
    client: httpx.Client = field(default_factory=httpx.Client)

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.halt.set()
        assert self.thread is not None
        self.thread.join(timeout=150)
        self.client.close()

    def _run(self) -> None:
        n = 0
        while not self.halt.is_set() and not self.unexpected:
            batch = f"k{n}"
            answer = self._answer(batch)
            if answer is None:
                return
            outcome, generation = answer
            if outcome.get("__typename") == "EditApplied":
                self.applied[batch] = (outcome["storeVersion"], outcome["replayed"])
                self.applied_in[generation] += 1
                self.expected = outcome["storeVersion"]
            elif outcome.get("__typename") == "VersionConflict":
                self.expected = outcome["actual"]  # the batch was not applied; go on with the next one
            else:
                self.unexpected.append((batch, outcome))
            n += 1

    def _answer(self, batch: str) -> tuple[dict[str, Any], int] | None:
        deadline = time.monotonic() + 120
        variables = {"repo": self.repo_id, "v": self.expected, "ops": _ops(batch), "batch": batch}
        while time.monotonic() < deadline:
            server, generation = self.servers.current, self.servers.generation
            assert server is not None
            try:
                response = server.post(EDIT, variables, client=self.client)
            except httpx.ConnectError:  # nothing listens: the request was never sent
                time.sleep(0.05)
                continue
            except httpx.TransportError as exc:  # the process died with the request in flight
                self.interrupted.append((batch, type(exc).__name__))
                continue
            if response.status_code != 200 or "errors" in response.json():
                self.unexpected.append((batch, response.status_code, response.text[:300]))
                return None
            return response.json()["data"]["candidateEdit"], generation
        self.unexpected.append((batch, "no answer within 120 s"))
        return None


def _locked_store(db: Database, repo_id: str) -> Store:
    """The store read under its lock: behind any transaction the killed process left open."""
    store = db.write(lambda tx: persisted.load(tx, repo_id) if persisted.lock(tx, repo_id) else None)
    assert store is not None
    return store


def _assert_at_a_batch_boundary(db: Database, repo_id: str, start: int) -> None:
    store = _locked_store(db, repo_id)
    last = history.history(db, repo_id, 1)
    names = {b.block_id: b.name for b in store.blocks}
    if not last:
        assert store.store_version == start
        return
    batch = last[0]["batch_id"]
    assert store.store_version == last[0]["store_version"], "the store is at its last recorded batch"
    assert (names["sb_api"], names["sb_core"]) == (f"API {batch}", f"Core {batch}"), "all of that batch, no part"


def test_a_killed_api_leaves_whole_batches_only(
    neo4j_target: Target, db: Database, owner_token: str, repo_id: str
) -> None:
    rng = random.Random(SEED)
    servers = Restartable(env_for(neo4j_target), owner_token)
    servers.start()
    try:
        start = import_seed(servers.current, candidate_seed(repo_id))
        stream = BatchStream(servers, repo_id, start)
        stream.start()
        try:
            for _ in range(KILLS):
                generation = servers.generation
                wait_until(
                    lambda generation=generation: stream.applied_in[generation] >= 1 or bool(stream.unexpected),
                    60,
                    "the stream applies a batch on the running process",
                )
                time.sleep(rng.uniform(0.0, 0.6))
                servers.kill()
                _assert_at_a_batch_boundary(db, repo_id, start)
                servers.start()
            generation = servers.generation
            wait_until(
                lambda: stream.applied_in[generation] >= 3 or bool(stream.unexpected),
                60,
                "the stream goes on after the last restart",
            )
        finally:
            stream.stop()
        assert not stream.unexpected, stream.unexpected
        assert stream.interrupted, "at least one kill hit a request in flight"

        api = servers.current
        history = [h for h in api.graphql(HISTORY, {"r": repo_id})["data"]["history"] if h["kind"] == "edit"]
        final = api.graphql(VERSION, {"r": repo_id})["data"]["store"]["storeVersion"]
        seed = json.loads(api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"])
    finally:
        stop(servers.current)

    applied = {batch: version for batch, (version, _) in stream.applied.items()}
    assert [h["storeVersion"] for h in history] == list(range(start + 1, final + 1)), "each version exactly once"
    assert max(Counter(h["batchId"] for h in history).values()) == 1, "no batch recorded twice"
    assert {h["batchId"]: h["storeVersion"] for h in history} == applied, "the client's view is the store's"
    assert final == start + len(applied)
    last_batch = max(applied, key=applied.__getitem__)
    names = {b["block_id"]: b["name"] for b in seed["blocks"]}
    assert (names["sb_api"], names["sb_core"]) == (f"API {last_batch}", f"Core {last_batch}")


CLIENTS, BATCHES = 6, 16


def _alternating_client(apis: list[ServedApi], repo_id: str, client: int) -> list[dict[str, Any]]:
    """Reads the version through one process and edits through the other, switching every batch."""
    results = []
    headers = {"authorization": f"Bearer {apis[0].token}"}
    with httpx.Client(headers=headers, timeout=60) as http:
        for n in range(BATCHES):
            reader, writer = apis[(client + n) % 2], apis[(client + n + 1) % 2]
            read = http.post(reader.graphql_url, json={"query": VERSION, "variables": {"r": repo_id}}).json()
            version = read["data"]["store"]["storeVersion"]
            batch = f"c{client}-b{n}"
            body = http.post(
                writer.graphql_url,
                json={"query": EDIT, "variables": {"repo": repo_id, "v": version, "ops": _ops(batch), "batch": batch}},
            ).json()
            assert body.get("data"), body
            results.append(
                {"batch": batch, "read": version, "writer": (client + n + 1) % 2, **body["data"]["candidateEdit"]}
            )
    return results


def test_two_api_processes_keep_occ_exact(api: ServedApi, neo4j_target: Target, repo_id: str) -> None:
    second = serve(env_for(neo4j_target), api.token)
    try:
        apis = [api, second]
        start = import_seed(api, candidate_seed(repo_id))
        with ThreadPoolExecutor(CLIENTS) as pool:
            per_client = pool.map(lambda c: _alternating_client(apis, repo_id, c), range(CLIENTS))
            outcomes = [outcome for outcomes_of_one in per_client for outcome in outcomes_of_one]
        history = [h for h in second.graphql(HISTORY, {"r": repo_id})["data"]["history"] if h["kind"] == "edit"]
        final = api.graphql(VERSION, {"r": repo_id})["data"]["store"]["storeVersion"]
    finally:
        stop(second)

    assert {o["__typename"] for o in outcomes} <= {"EditApplied", "VersionConflict"}
    applied = [o for o in outcomes if o["__typename"] == "EditApplied"]
    conflicts = [o for o in outcomes if o["__typename"] == "VersionConflict"]
    assert all(o["storeVersion"] == o["read"] + 1 for o in applied), "each batch applied on exactly what it read"
    assert sorted(o["storeVersion"] for o in applied) == list(range(start + 1, final + 1)), "distinct, contiguous"
    assert {o["writer"] for o in applied} == {0, 1}, "both processes applied batches"
    assert conflicts, "clients collided"
    assert all(
        o["expected"] == o["read"] and start < o["actual"] <= final and o["actual"] > o["expected"] for o in conflicts
    ), "a conflict names the real, newer version"
    assert {h["batchId"]: h["storeVersion"] for h in history} == {o["batch"]: o["storeVersion"] for o in applied}
