"""Managed writes retried on a deadlock: both writers complete, and the retry waits the short first delay of
``driver_options``, not the driver's default second."""

from __future__ import annotations

import threading
import time

import pytest
from neo4j import ManagedTransaction

from graphdb.database import Database
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration


def test_a_deadlocked_write_is_retried_after_the_short_delay(db: Database, repo_id: str) -> None:
    db.driver.execute_query(fixture_cypher("retry_probe_create"), repo_id=repo_id)
    both_hold_one = threading.Barrier(2, timeout=10)
    attempts: dict[str, list[tuple[float, float]]] = {"first": [], "second": []}  # (began, ended) per attempt

    def writer(first: str, then: str) -> None:
        def work(tx: ManagedTransaction) -> None:
            began = time.perf_counter()
            try:
                tx.run(fixture_cypher("retry_probe_touch"), repo_id=repo_id, name=first).consume()
                if len(attempts[first]) == 0:  # only the first attempts meet: each holds one lock, wants the other
                    both_hold_one.wait()
                tx.run(fixture_cypher("retry_probe_touch"), repo_id=repo_id, name=then).consume()
            finally:
                attempts[first].append((began, time.perf_counter()))
        db.write(work)

    threads = [threading.Thread(target=writer, args=("first", "second")),
               threading.Thread(target=writer, args=("second", "first"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    counts = sorted(len(runs) for runs in attempts.values())
    assert counts == [1, 2], attempts  # one writer was chosen as the deadlock's victim and ran again
    victim = next(runs for runs in attempts.values() if len(runs) == 2)
    waited = victim[1][0] - victim[0][1]
    # driver_options' initial_retry_delay (± 20 % jitter) plus a rollback and a begin; the driver's own first
    # wait is 0.8-1.2 s.
    assert 0 < waited < 0.5, waited
    rows = db.driver.execute_query(fixture_cypher("retry_probe_read"), repo_id=repo_id).records
    assert sorted(row["touched"] for row in rows) == [2, 2]  # each writer's both writes, once
