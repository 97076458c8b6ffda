from rooms.contract import BlockState, MembershipSource, NamedBy, SkeletonState, serialize_store
from rooms.edit import RatifyApplied, RatifyRefusal, RatifyRejected, check_ratify, ratify
from tests.unit.edit.builders import block, store


def _map():
    return store(
        block("A", "a.py", ("common.py", "shared"), named_by=NamedBy.RUNNER, needs_naming=False),
        block("B", "b.py", ("common.py", "shared"), named_by=NamedBy.OWNER, needs_naming=False),
        block("C", "c.py", named_by=NamedBy.RUNNER, needs_naming=False),
        block("D", "d.py", named_by=NamedBy.HEURISTIC, needs_naming=True),
        block("H", "h.py", meta=None),
    )


def test_check_ratify_names_each_refused_block_and_why() -> None:
    assert [(r.block_id, r.reason) for r in check_ratify(_map(), None)] == [
        ("A", "unresolved_seam"),
        ("B", "unresolved_seam"),
        ("D", "needs_owner_naming"),
    ]


def test_runner_named_and_hand_authored_blocks_pass() -> None:
    assert check_ratify(_map(), ["C", "H"]) == []


def test_unknown_ids_and_an_empty_selection_are_refused() -> None:
    assert [(r.block_id, r.reason) for r in check_ratify(_map(), ["C", "Z"])] == [("Z", "unknown_block")]
    assert [r.reason for r in check_ratify(_map(), [])] == ["empty_selection"]


def test_ratify_refuses_and_changes_nothing() -> None:
    before = _map()
    text = serialize_store(before)
    outcome = ratify(before, ["C", "D"], ratifier="owner-1", ratified_at="2026-07-10T00:00:00Z")
    assert isinstance(outcome, RatifyRejected)
    assert outcome.refusals == (RatifyRefusal("D", "needs_owner_naming", outcome.refusals[0].message),)
    assert "D" in outcome.refusals[0].message
    assert serialize_store(before) == text


def test_ratify_selected_flips_those_blocks_and_leaves_the_skeleton_a_candidate() -> None:
    before = _map()
    outcome = ratify(before, ["C", "H"], ratifier="owner-1", ratified_at="2026-07-10T00:00:00Z")
    assert isinstance(outcome, RatifyApplied)
    after = outcome.store
    assert outcome.ratified_block_ids == ("C", "H")
    assert after.skeleton == before.skeleton  # A, B and D are still candidates: nothing signs the skeleton yet
    assert {b.block_id: (b.state, b.membership_source) for b in after.blocks} == {
        "A": (BlockState.CANDIDATE, MembershipSource.PROPOSED),
        "B": (BlockState.CANDIDATE, MembershipSource.PROPOSED),
        "C": (BlockState.RATIFIED, MembershipSource.RATIFIED),
        "D": (BlockState.CANDIDATE, MembershipSource.PROPOSED),
        "H": (BlockState.RATIFIED, MembershipSource.RATIFIED),
    }
    assert after.store_version == before.store_version
    assert before.skeleton.state is SkeletonState.CANDIDATE


def test_ratify_all_after_the_seam_and_name_are_settled() -> None:
    ready = store(
        block("A", "a.py", "common.py", named_by=NamedBy.RUNNER, needs_naming=False),
        block("B", "b.py", named_by=NamedBy.OWNER, needs_naming=False),
    )
    outcome = ratify(
        ready, None, ratifier="owner-1", ratified_at="2026-07-10T00:00:00Z", method="pr_merge", commit="abc"
    )
    assert isinstance(outcome, RatifyApplied)
    assert outcome.ratified_block_ids == ("A", "B")
    assert all(b.state is BlockState.RATIFIED for b in outcome.store.blocks)
    ratification = outcome.store.skeleton.ratification
    assert (ratification.method, ratification.commit) == ("pr_merge", "abc")


def test_the_last_ratification_signs_the_skeleton() -> None:
    ready = store(
        block("A", "a.py", named_by=NamedBy.RUNNER, needs_naming=False),
        block("B", "b.py", named_by=NamedBy.OWNER, needs_naming=False),
    )
    first = ratify(ready, ["A"], ratifier="owner-1", ratified_at="2026-07-10T00:00:00Z")
    assert isinstance(first, RatifyApplied) and first.store.skeleton.state is SkeletonState.CANDIDATE
    rest = ratify(first.store, None, ratifier="owner-1", ratified_at="2026-07-11T00:00:00Z")
    assert isinstance(rest, RatifyApplied)
    assert rest.store.skeleton.state is SkeletonState.RATIFIED
    assert rest.store.skeleton.ratification.model_dump() == {
        "method": "verb",
        "ratifier": "owner-1",
        "ratified_at": "2026-07-11T00:00:00Z",
        "commit": "",
    }
    assert {b.state for b in rest.store.blocks} == {BlockState.RATIFIED}
