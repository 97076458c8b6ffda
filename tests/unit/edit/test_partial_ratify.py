"""After "Ratify selected only" (issue 35 item 3): the signed blocks refuse every op that would change them
(``block_ratified``), the others stay an editable candidate and ratifiable later; a rescan does not replace
a part-signed candidate."""

from __future__ import annotations

from rooms.contract import NamedBy, Seat, Store, seed_from_store
from rooms.edit import (
    Applied,
    AssignUnmapped,
    EditOp,
    EditOutcome,
    Merge,
    MoveMember,
    RatifyApplied,
    Rejected,
    Rename,
    apply_batch,
    ratify,
)
from rooms.review import zero_touch
from rooms.store_rules import CandidateWrite, WriteOutcome, decide
from tests.unit.edit.builders import block, store


def _part_signed() -> Store:
    before = store(
        block("A", "a.py", "a2.py", named_by=NamedBy.RUNNER, needs_naming=False, residue=("x.sh",)),
        block("B", "b.py", "b2.py"),
        block("C", "c.py"),
    )
    out = ratify(before, ["A"], ratifier="owner", ratified_at="2026-07-10T00:00:00Z")
    assert isinstance(out, RatifyApplied)
    return out.store


def test_the_candidate_blocks_stay_editable() -> None:
    signed = _part_signed()
    ops = [Rename(block_id="B", name="Billing"), Merge(into="B", block_ids=["C"])]
    out = apply_ok(signed, ops)
    assert out.store.block("A") == signed.block("A")


def test_an_op_on_a_signed_block_is_refused_at_its_index() -> None:
    signed = _part_signed()
    for ops, index in (
        ([Rename(block_id="B", name="Billing"), Rename(block_id="A", name="Other")], 1),
        ([Merge(into="B", block_ids=["A"])], 0),
        ([MoveMember(path="b.py", **{"from": "B"}, to="A")], 0),
        ([MoveMember(path="a.py", **{"from": "A"}, to="B")], 0),
    ):
        out = apply_batch_of(signed, ops)
        assert isinstance(out, Rejected) and (out.code, out.op_index) == ("block_ratified", index), (ops, out)


def test_a_file_in_a_signed_blocks_residue_can_be_assigned_elsewhere() -> None:
    out = apply_ok(_part_signed(), [AssignUnmapped(path="x.sh", block_id="B")])
    assert "x.sh" in {m.path for m in out.store.block("B").membership}


def test_zero_touch_counts_the_blocks_still_to_ratify() -> None:
    status = zero_touch(_part_signed().blocks)
    assert status.block_count == 2 and not status.ready_to_ratify
    assert status.line == "2 blocks — 2 need a name · 1 already ratified"


def apply_batch_of(before: Store, ops: list[EditOp]) -> EditOutcome:
    return apply_batch(before, ops, Seat.OWNER)


def apply_ok(before: Store, ops: list[EditOp]) -> Applied:
    out = apply_batch_of(before, ops)
    assert isinstance(out, Applied), out
    return out


def test_a_rescan_of_a_part_signed_candidate_waits_as_a_revision() -> None:
    signed = _part_signed()
    rescan = seed_from_store(store(block("Z", "z.py")))
    written = decide(signed, signed.store_version, rescan)
    assert isinstance(written, CandidateWrite) and written.outcome is WriteOutcome.WROTE_CANDIDATE_REVISION
    assert written.store.blocks == signed.blocks and written.store.candidate_revision is not None
    fresh = store(block("B", "b.py"))
    replaced = decide(fresh, fresh.store_version, rescan)
    assert isinstance(replaced, CandidateWrite) and replaced.outcome is WriteOutcome.REPLACED_CANDIDATE_STORE
