"""The engine's path maps and claim index: read again when a block changed in place, and claims listed in
the order a path's claimants arrived."""

from hypothesis import HealthCheck, given, settings

from rooms.contract import Member, MemberRole, Seat, parse_store, serialize_store
from rooms.edit import Applied, MoveMember, Rejected, apply_batch, unresolved_seam_count, unresolved_seams
from tests.unit.edit.builders import block, members_of, store
from tests.unit.edit.test_properties import batches


def _seen(outcome: Applied | Rejected) -> tuple:
    if isinstance(outcome, Rejected):
        return ("rejected", outcome.op_index, outcome.code, outcome.message)
    return (
        "applied",
        serialize_store(outcome.store),
        outcome.changed_block_ids,
        outcome.created_block_ids,
        outcome.removed_block_ids,
        outcome.unmapped_changed,
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batches())
def test_a_batch_on_a_previous_result_answers_as_on_a_fresh_copy(case) -> None:
    # Chained: each applied batch's store is the next input.
    current, runs = case
    for ops, seat in runs * 2:
        outcome = apply_batch(current, ops, seat)
        assert _seen(outcome) == _seen(apply_batch(parse_store(serialize_store(current)), ops, seat))
        if isinstance(outcome, Applied):
            current = outcome.store


def test_a_block_changed_in_place_after_a_batch_is_read_again() -> None:
    before = store(block("A", "a.py", "c.py"), block("B", "b.py"))
    assert isinstance(apply_batch(before, [MoveMember(path="a.py", from_="A", to="B")], Seat.OWNER), Applied)
    before.blocks[0].membership.append(Member(path="d.py", role=MemberRole.PRIMARY))  # not done by the engine
    outcome = apply_batch(before, [MoveMember(path="d.py", from_="A", to="B")], Seat.OWNER)
    assert isinstance(outcome, Applied), outcome
    assert members_of(outcome.store, "B") == {"b.py": "primary", "d.py": "primary"}


def test_claims_are_listed_in_arrival_order() -> None:
    # lib/s.py is shared by A and C; moving A's claim to B leaves C's first, then B's.
    before = store(
        block("A", "a.py", ("lib/s.py", "shared")), block("B", "b.py"), block("C", "c.py", ("lib/s.py", "shared"))
    )
    outcome = apply_batch(before, [MoveMember(path="lib/s.py", from_="A", to="B")], Seat.OWNER)
    assert isinstance(outcome, Rejected)
    assert outcome.code == "unresolved_seam"
    assert outcome.message == "the batch leaves 'lib/s.py' shared by 'C', 'B'; add a resolve_seam op"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batches())
def test_the_seam_count_is_the_number_of_unresolved_seams(case) -> None:
    current, runs = case
    for ops, seat in runs:
        assert unresolved_seam_count(current.blocks) == len(unresolved_seams(current.blocks))
        outcome = apply_batch(current, ops, seat)
        if isinstance(outcome, Applied):
            current = outcome.store
    assert unresolved_seam_count(current.blocks) == len(unresolved_seams(current.blocks))


def test_a_seam_needs_two_claims_and_one_shared() -> None:
    assert unresolved_seam_count(store(block("A", ("s.py", "shared")), block("B", "b.py")).blocks) == 0
    assert unresolved_seam_count(store(block("A", "s.py"), block("B", "s.py")).blocks) == 0
    assert (
        unresolved_seam_count(
            store(
                block("A", ("s.py", "shared")),
                block("B", "s.py"),
                block("C", "s.py"),
                block("D", ("t.py", "shared")),
                block("E", ("t.py", "shared")),
            ).blocks
        )
        == 2
    )
