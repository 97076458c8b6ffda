"""MoJoFM and ARI, checked against values worked out by hand."""

from __future__ import annotations

import pytest

from bench.quality.metrics import ari, max_mno, mno, mojofm

TRUTH = {"1": "B1", "2": "B1", "3": "B2", "4": "B2", "5": "B2", "6": "B2"}


def test_identical_partitions_score_perfectly() -> None:
    assert mno(TRUTH, TRUTH) == 0
    assert mojofm(TRUTH, TRUTH) == 100.0
    assert ari(TRUTH, TRUTH) == 1.0


def test_one_misplaced_file() -> None:
    computed = {"1": "x", "2": "x", "3": "x", "4": "y", "5": "y", "6": "y"}
    # x -> B1 (2 of 3): one move; y -> B2: none; both groups tagged, no join. mno = 1.
    assert mno(computed, TRUTH) == 1
    # Truth sizes 2, 4: g grows 1, 2 -> max mno = 6 - 2 = 4.
    assert max_mno(TRUTH, sorted(TRUTH)) == 4
    assert mojofm(computed, TRUTH) == pytest.approx(75.0)
    # Contingency (x,B1)=2 (x,B2)=1 (y,B2)=3: index 1+0+3 = 4; rows 3+3 = 6; cols 1+6 = 7; pairs 15.
    # expected 6*7/15 = 2.8; max (6+7)/2 = 6.5; ARI = (4-2.8)/(6.5-2.8).
    assert ari(computed, TRUTH) == pytest.approx(1.2 / 3.7)


def test_singletons_cost_joins_and_ties_are_matched_optimally() -> None:
    singletons = {f: f for f in TRUTH}
    assert mno(singletons, TRUTH) == 4  # six clusters, two groups: four joins
    assert mojofm(singletons, TRUTH) == 0.0
    # Two clusters each split evenly between B1 and B2: matching gives each its own tag, so one move each.
    even = {"1": "x", "3": "x", "2": "y", "4": "y"}
    assert mno(even, TRUTH) == 2


def test_only_files_in_both_partitions_count() -> None:
    computed = {"1": "x", "2": "x", "3": "y", "4": "y", "5": "y", "6": "y", "extra": "z"}
    assert mojofm(computed, TRUTH) == 100.0 and ari(computed, TRUTH) == 1.0
