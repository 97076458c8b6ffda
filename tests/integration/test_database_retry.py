"""Managed writes retried on a deadlock: both writers complete, and the retry waits ``Database``'s short first
delay, not the driver's default second; the command line does not log the retry."""

from __future__ import annotations

import logging
import threading
import time

import pytest
from neo4j import ManagedTransaction

from graphdb.database import RETRIES_LOGGER, Database
from graphdb.retry_log import transaction_retries_unlogged
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration


def _deadlock(db: Database, repo_id: str) -> dict[str, list[tuple[float, float]]]:
    """Two managed writes that lock the repository's two probe nodes in opposite orders and meet after their first
    lock: Neo4j picks one as the deadlock's victim, and it is run again. Each one's attempts, as
    (began, ended)."""
    both_hold_one = threading.Barrier(2, timeout=10)
    attempts: dict[str, list[tuple[float, float]]] = {"first": [], "second": []}

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

    threads = [
        threading.Thread(target=writer, args=("first", "second")),
        threading.Thread(target=writer, args=("second", "first")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return attempts


def test_a_deadlocked_write_is_retried_after_the_short_delay(db: Database, repo_id: str) -> None:
    db.driver.execute_query(fixture_cypher("retry_probe_create"), repo_id=repo_id)
    attempts = _deadlock(db, repo_id)
    counts = sorted(len(runs) for runs in attempts.values())
    assert counts == [1, 2], attempts  # one writer was chosen as the deadlock's victim and ran again
    victim = next(runs for runs in attempts.values() if len(runs) == 2)
    waited = victim[1][0] - victim[0][1]
    # FIRST_RETRY_DELAY_S (± 20 % jitter) plus a rollback and a begin; the driver's own first wait is 0.8-1.2 s.
    assert 0 < waited < 0.5, waited
    rows = db.driver.execute_query(fixture_cypher("retry_probe_read"), repo_id=repo_id).records
    assert sorted(row["touched"] for row in rows) == [2, 2]  # each writer's both writes, once


def test_a_retried_write_is_not_logged_where_retries_are_unlogged(
    db: Database, repo_id: str, caplog: pytest.LogCaptureFixture
) -> None:
    # `coderooms ingest` and `scan` write in transactions that deadlock at times: the retry is the remedy, and
    # its notice would only break the progress display. Elsewhere (the API server) the notice stays.
    db.driver.execute_query(fixture_cypher("retry_probe_create"), repo_id=repo_id)

    def notices() -> list[logging.LogRecord]:
        return [record for record in caplog.records if record.name == RETRIES_LOGGER]

    with caplog.at_level(logging.WARNING, logger=RETRIES_LOGGER):
        logged = _deadlock(db, repo_id)
        assert sorted(len(runs) for runs in logged.values()) == [1, 2], logged
        assert len(notices()) == 1 and notices()[0].levelno == logging.WARNING  # "will be retried in ..."
        caplog.clear()
        with transaction_retries_unlogged():
            unlogged = _deadlock(db, repo_id)
        assert sorted(len(runs) for runs in unlogged.values()) == [1, 2], unlogged  # retried all the same
        assert notices() == []
    rows = db.driver.execute_query(fixture_cypher("retry_probe_read"), repo_id=repo_id).records
    assert sorted(row["touched"] for row in rows) == [4, 4]  # both rounds' writes, once each
