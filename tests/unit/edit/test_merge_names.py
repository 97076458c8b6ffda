"""Merge and rename that read well (issue 35 item 4): the merged block takes the better of the names and a
purpose written from all of them, marked heuristic until a person or runner touches it."""

from __future__ import annotations

from rooms.contract import NamedBy, Seat
from rooms.contract.text import PURPOSE_MAX
from rooms.edit import Applied, Merge, Rename, apply_batch
from rooms.edit.graph import EditGraph
from rooms.edit.merge import merged_purpose
from tests.unit.edit.builders import block, store


def _merged(*blocks, graph: EditGraph | None = None, ops=None):
    out = apply_batch(store(*blocks), ops or [Merge(into="A", block_ids=["B"])], Seat.OWNER, graph)
    assert isinstance(out, Applied), out
    return out.store.block("A")


def test_a_given_name_beats_a_heuristic_one_whichever_block_survives() -> None:
    merged = _merged(
        block("A", "a.py", "a2.py", "a3.py"), block("B", "b.py", named_by=NamedBy.OWNER, needs_naming=False)
    )
    assert merged.name == "Block B"
    assert merged.purpose == "Purpose of B; Purpose of A"
    assert merged.candidate_meta is not None
    assert (merged.candidate_meta.named_by, merged.candidate_meta.needs_owner_naming) == (NamedBy.HEURISTIC, True)


def test_an_owner_name_beats_a_runner_name() -> None:
    runner = block("A", "a.py", "a2.py", named_by=NamedBy.RUNNER, needs_naming=False)
    assert _merged(runner, block("B", "b.py", named_by=NamedBy.OWNER, needs_naming=False)).name == "Block B"


def test_among_equals_the_block_with_more_files_wins() -> None:
    assert _merged(block("A", "a.py"), block("B", "b.py", "b2.py")).name == "Block B"
    assert _merged(block("A", "a.py"), block("B", "b.py")).name == "Block A"  # a tie keeps the survivor's
    # on the code graph a glob counts the files behind it
    graph = EditGraph(files=("a/1.py", "a/2.py", "a/3.py", "b/1.py", "b/2.py"))
    assert _merged(block("A", "a/**"), block("B", "b/1.py", "b/2.py"), graph=graph).name == "Block A"


def test_a_rename_after_the_merge_is_a_touch() -> None:
    ops = [Merge(into="A", block_ids=["B"]), Rename(block_id="A", name="Billing")]
    merged = _merged(block("A", "a.py"), block("B", "b.py"), ops=ops)
    assert merged.candidate_meta is not None
    assert (merged.name, merged.candidate_meta.named_by, merged.candidate_meta.needs_owner_naming) == (
        "Billing",
        NamedBy.OWNER,
        False,
    )


def test_the_merged_purpose_is_one_line_within_the_limit() -> None:
    assert merged_purpose(["Bills customers.", "", "Bills customers", "Ships parcels."]) == (
        "Bills customers; Ships parcels"
    )
    assert merged_purpose(["", ""]) == ""
    assert merged_purpose(["Only one."]) == "Only one."
    long = merged_purpose(["word " * 30, "other " * 30])
    assert len(long) <= PURPOSE_MAX and long.count("...") == 2 and "; " in long
