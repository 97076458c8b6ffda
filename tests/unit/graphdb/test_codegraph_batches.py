"""How the loader cuts a statement's rows into transactions."""

from __future__ import annotations

import threading
from functools import partial

import pytest

from graphdb.codegraph import SHARED_BATCH_SIZE, run_batches, shared_batches


def test_rows_that_fill_every_writer_go_in_full_batches() -> None:
    rows = list(range(12_345))
    batches = shared_batches(rows, 5_000, 2)
    assert [len(batch) for batch in batches] == [5_000, 5_000, 2_345]
    assert [row for batch in batches for row in batch] == rows


def test_rows_that_would_not_fill_every_writer_are_shared_out_evenly() -> None:
    rows = list(range(3_001))
    batches = shared_batches(rows, 5_000, 2)
    assert [len(batch) for batch in batches] == [1_501, 1_500]
    assert [row for batch in batches for row in batch] == rows


def test_a_few_rows_stay_one_transaction() -> None:
    rows = list(range(SHARED_BATCH_SIZE))
    assert shared_batches(rows, 5_000, 2) == [rows]
    assert shared_batches(rows[:3], 2, 4) == [rows[:2], rows[2:3]]  # a batch size below the floor still holds
    assert shared_batches([], 5_000, 2) == []


def test_weighed_rows_are_shared_out_by_their_weight() -> None:
    rows = [10] * 150 + [1_000]  # weights: a new file's row weighs its nodes and relationships
    batches = shared_batches(rows, 5_000, 2, weight=lambda row: row)
    assert [sum(batch) for batch in batches] == [1_250, 1_250]  # 2,500 in all: half each, not one batch
    assert [row for batch in batches for row in batch] == rows
    assert [len(batch) for batch in shared_batches(rows, 1_000, 2, weight=lambda row: row)] == [100, 50, 1]


@pytest.mark.parametrize("workers", [1, 2])
def test_meanwhile_runs_on_the_calling_thread_while_the_jobs_run(workers: int) -> None:
    caller = threading.get_ident()
    told = threading.Event()
    ran_on: list[int] = []

    def job(value: int) -> int:
        # Waits for ``meanwhile``: had it run after the jobs, this would time out.
        assert told.wait(timeout=10)
        return value

    def meanwhile() -> None:
        ran_on.append(threading.get_ident())
        told.set()

    assert run_batches([partial(job, 1), partial(job, 2), partial(job, 3)], workers, meanwhile=meanwhile) == [1, 2, 3]
    assert ran_on == [caller]


def test_meanwhile_runs_when_there_is_no_job() -> None:
    ran: list[bool] = []
    assert run_batches([], 2, meanwhile=lambda: ran.append(True)) == []
    assert ran == [True]
