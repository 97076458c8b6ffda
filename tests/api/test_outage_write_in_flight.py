"""A write in flight when Neo4j dies fails within seconds, coded DATABASE_UNAVAILABLE, and does not run when
the database is back (issue 34): the API retries a transaction for a bounded time only.

The edit is held in flight by a transaction of the test's that holds the store's write lock; Neo4j is then
SIGKILLed and started again at once, so that a retry loop outliving the outage would find it back.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
import uuid
from typing import Any

import pytest

from graphdb.queries import query
from graphdb.tokens import create_token
from rooms.contract import Seat
from tests.api.conftest import env_for, serve, stop
from tests.api.edit_support import EDIT, candidate_seed, import_seed
from tests.api.outage_support import connected, own_instance, ready, wait_until

pytestmark = pytest.mark.integration

VERSION = "query($r: ID!) { store(repoId: $r) { storeVersion } }"
HISTORY = "query($r: ID!) { history(repoId: $r, last: 50) { batchId kind } }"
FAST_S = 5.0


def test_a_write_in_flight_when_neo4j_dies_fails_fast_and_never_runs_later() -> None:
    with own_instance() as instance, connected(instance) as (target, db):
        db.apply_schema()
        token = create_token(db, Seat.OWNER, "in-flight-owner")[1]
        api = serve(env_for(target), token)
        try:
            wait_until(lambda: ready(api.base_url), 30, "/readyz answers 200 at first")
            repo_id = f"test-{uuid.uuid4().hex[:12]}"
            version = import_seed(api, candidate_seed(repo_id))
            answer: dict[str, Any] = {}

            def edit() -> None:
                ops = [{"rename": {"blockId": "sb_api", "name": "Written late"}}]
                variables = {"repo": repo_id, "v": version, "ops": ops, "batch": "in-flight"}
                response = api.post(EDIT, variables)
                answer.update(done=time.monotonic(), status=response.status_code, body=response.json())

            session = db.driver.session(database=target.database)
            lock = session.begin_transaction()
            lock.run(query("store_lock"), repo_id=repo_id, batch_id=None).consume()
            writer = threading.Thread(target=edit, daemon=True)
            writer.start()
            time.sleep(1.5)  # the edit is waiting for the store's lock inside the server
            assert not answer, answer
            pid = instance.running_pid()
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            killed_at = time.monotonic()
            for closing in (lock.close, session.close):  # their connection died with the server
                with contextlib.suppress(Exception):
                    closing()
            instance.start()  # back as soon as it can be: a write still being retried would now run
            writer.join(timeout=90)
            wait_until(lambda: ready(api.base_url), 60, "/readyz answers 200 again")
            time.sleep(3)  # past the API driver's retry time
            after = api.graphql(VERSION, {"r": repo_id})["data"]["store"]["storeVersion"]
            batches = [h["batchId"] for h in api.graphql(HISTORY, {"r": repo_id})["data"]["history"]]
        finally:
            stop(api)

    assert answer, "the edit got an answer"
    assert answer["status"] == 503, answer
    assert [e["extensions"]["code"] for e in answer["body"]["errors"]] == ["DATABASE_UNAVAILABLE"], answer
    assert answer["done"] - killed_at < FAST_S, f"refused {answer['done'] - killed_at:.1f} s after the kill"
    assert after == version, "the refused write did not run once the database was back"
    assert "in-flight" not in batches
