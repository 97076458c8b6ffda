"""How the loader cuts a statement's rows into transactions."""

from __future__ import annotations

import threading
from functools import partial

import pytest

from graphdb.codegraph import SHARED_BATCH_SIZE, run_batches, shared_batches
from graphdb.codegraph.batches import shared_lists
from graphdb.codegraph.rows import relationship_rows
from ingest import EdgeRecord


def test_rows_that_fill_the_writers_more_than_once_go_in_equal_batches_a_multiple_of_the_writers() -> None:
    rows = list(range(12_345))
    batches = shared_batches(rows, 5_000, 2)  # not 5,000, 5,000 and 2,345: one writer would idle through the last
    assert len(batches) == 4
    assert {len(batch) for batch in batches} <= {3_086, 3_087}
    assert [row for batch in batches for row in batch] == rows
    smaller = shared_batches(rows, 1_000, 2)  # 13 needed: 14
    assert len(smaller) == 14 and max(map(len, smaller)) <= 1_000


def test_rows_that_would_not_fill_every_writer_are_shared_out_evenly() -> None:
    rows = list(range(3_001))
    batches = shared_batches(rows, 5_000, 2)
    assert sorted(len(batch) for batch in batches) == [1_500, 1_501]
    assert [row for batch in batches for row in batch] == rows


def test_a_few_rows_stay_one_transaction() -> None:
    rows = list(range(SHARED_BATCH_SIZE))
    assert shared_batches(rows, 5_000, 2) == [rows]
    assert shared_batches([], 5_000, 2) == []
    few = shared_batches(rows[:3], 2, 4)  # a batch size below the floor still holds
    assert [row for batch in few for row in batch] == rows[:3]
    assert len(few) == 2 and max(map(len, few)) <= 2


def test_weighed_rows_are_shared_out_by_their_weight() -> None:
    rows = [10] * 150 + [1_000]  # weights: a new file's row weighs its nodes and relationships
    batches = shared_batches(rows, 5_000, 2, weight=lambda row: row)
    assert [sum(batch) for batch in batches] == [1_250, 1_250]  # 2,500 in all: half each, not one batch
    assert [row for batch in batches for row in batch] == rows
    # 2,500 in batches of at most 1,000: three are needed, four keep both writers busy to the end
    smaller = shared_batches(rows, 1_000, 2, weight=lambda row: row)
    assert len(smaller) == 4 and max(map(sum, smaller)) <= 1_000
    assert [row for batch in smaller for row in batch] == rows


def test_weighed_rows_leave_no_tail_of_their_own() -> None:
    # Cut greedily, these made batches of 7, 7 and a third of one row: a transaction after the other two.
    rows = [7, 8, 6, 9, 7, 8, 7, 9, 6, 8, 7, 9, 8, 7, 6]
    batches = shared_batches(rows, 5_000, 2, weight=lambda row: 50 * row)
    assert len(batches) == 2
    assert [row for batch in batches for row in batch] == rows
    assert abs(sum(batches[0]) - sum(batches[1])) <= max(rows)


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


def test_a_few_rows_of_each_kind_share_the_writers_transactions() -> None:
    # One transaction per kind made a small tree's last round a queue of small transactions on two writers.
    lists = {
        "calls": [[f"c{i}", "t", 1, 1.0, 1.0] for i in range(700)],
        "contains": [[f"s{i}", "t"] for i in range(5)],
        "imports": [[f"i{i}", "t", 1, 1.0, 1.0] for i in range(300)],
        "inherits": [["h", "t", 1, 1.0, 1.0]],
    }
    batches = shared_lists(lists, 5_000, 2)
    assert sorted(sum(map(len, batch.values())) for batch in batches) == [503, 503]
    # the kinds one after the other: a large kind's batches stay of that kind alone
    assert [(name, row) for batch in batches for name in sorted(batch) for row in batch[name]] == [
        (name, row) for name in sorted(lists) for row in lists[name]
    ]
    assert [sorted(batch) for batch in batches] == [["calls"], ["calls", "contains", "imports", "inherits"]]
    for size in (400, 100):
        assert max(sum(map(len, batch.values())) for batch in shared_lists(lists, size, 2)) <= size


def test_an_edge_with_an_end_that_has_no_node_is_left_out() -> None:
    calls = EdgeRecord("CALLS", "a.py::function::f", "b.py::function::g", 2, 1.5, 0.75, "a.py")
    imports = EdgeRecord("IMPORTS", "file::a.py", "file::b.py", 1, 1.0, 1.0, "a.py")
    gone = EdgeRecord("CALLS", "a.py::function::f", "c.py::function::nowhere", 1, 0.5, 0.5, "a.py")
    nodes = {key: f"element:{key}" for key in ("a.py::function::f", "b.py::function::g", "file::a.py", "file::b.py")}
    assert relationship_rows([calls, imports, gone], nodes) == [
        ["element:a.py::function::f", "element:b.py::function::g", 2, 1.5, 0.75],
        ["element:file::a.py", "element:file::b.py", 1, 1.0, 1.0],
    ]
