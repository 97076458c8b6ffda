"""How the loader cuts a statement's rows into transactions."""

from __future__ import annotations

from graphdb.codegraph import SHARED_BATCH_SIZE, shared_batches


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
