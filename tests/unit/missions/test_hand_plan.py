"""The reference hand's curation plan, on a candidate small enough to state every expectation by hand."""

from __future__ import annotations

from rooms.contract import MemberRole, NamedBy, Seat, Socket
from rooms.edit import Applied, AssignUnmapped, Merge, ResolveSeam, apply_batch, unresolved_seams
from rooms.missions.hand import curation_plan, merge_plan, residue_plan, seam_plan
from tests.unit.edit.builders import block, store

S = MemberRole.SHARED.value


def _with_outputs(b, *targets: str):  # a SystemBlock with output sockets added
    return b.model_copy(
        update={"sockets": b.sockets.model_copy(update={"outputs": [Socket(to=t, type="imports") for t in targets]})}
    )


def candidate():  # a Store
    a = _with_outputs(
        block("a", "a/1.py", "a/2.py", "a/3.py", "a/4.py", ("lib/s.py", S), residue=("scripts/x.sh",)), "b", "c", "d"
    )
    b = block("b", "b/1.py", to=("a",), residue=("b_only.txt",))  # thin, 1 socket to a
    c = block("c", "c/1.py", "c/2.py", to=("a", "a", "d"))  # thin: 2 sockets to a, 1 to d
    d = block(
        "d",
        "d/1.py",
        "d/2.py",
        "d/3.py",
        ("lib/s.py", S),
        ("lib/t.py", S),
        to=("a",),
        residue=("scripts/x.sh", "tools/y.sh"),
    )
    e = block("e", "e/1.py", "e/2.py", residue=("notes.txt",))  # thin, no sockets: stays
    f = block("f", "docs/**", ("lib/t.py", S))  # a glob: never thin
    g = block("g", "g/1.py", to=("a",), named_by=NamedBy.OWNER, needs_naming=False)  # owner-named: stays
    h = block("h", "h/1.py", to=("e",))  # only a thin neighbour: stays
    return store(a, b, c, d, e, f, g, h)


def test_thin_blocks_merge_into_their_most_connected_non_thin_neighbour() -> None:
    # b: a (1 + a's output to b) = 2; c: a (2 + 1) = 3 vs d (1 + 0) = 1; g is owner-named, h's only
    # neighbour e is thin, e has none.
    assert merge_plan(candidate().blocks) == [Merge(into="a", block_ids=["b", "c"])]


def test_a_seam_goes_to_the_claimant_the_others_depend_on() -> None:
    # lib/s.py: d depends on a (d.inputs -> a, a.outputs -> d) → a. lib/t.py: d and f have no socket
    # between them → the one with more internal sockets: d (1 input + 0 outputs) over f (none).
    assert seam_plan(candidate().blocks) == [
        ResolveSeam(path="lib/s.py", resolution="primary:a"),
        ResolveSeam(path="lib/t.py", resolution="primary:d"),
    ]


def test_residue_listed_on_exactly_one_block_is_assigned_there() -> None:
    assert residue_plan(candidate().blocks) == [
        AssignUnmapped(path="b_only.txt", block_id="b"),
        AssignUnmapped(path="notes.txt", block_id="e"),
        AssignUnmapped(path="tools/y.sh", block_id="d"),
    ]


def test_the_plan_judges_seams_and_residue_on_the_merged_map_and_applies_as_one_batch() -> None:
    s = candidate()
    plan = curation_plan(s)
    assert plan.merges == [Merge(into="a", block_ids=["b", "c"])]
    assert plan.residue == [
        AssignUnmapped(path="b_only.txt", block_id="a"),  # b's residue moved to a
        AssignUnmapped(path="notes.txt", block_id="e"),
        AssignUnmapped(path="tools/y.sh", block_id="d"),
    ]
    after = apply_batch(s, plan.ops, Seat.AGENT)
    assert isinstance(after, Applied)
    assert [b.block_id for b in after.store.blocks] == ["a", "d", "e", "f", "g", "h"]
    assert unresolved_seams(after.store.blocks) == {}


def test_a_clean_map_needs_no_curation() -> None:
    s = store(block("a", "a/1.py", "a/2.py", "a/3.py"), block("b", "b/**", to=("a",)))
    assert curation_plan(s).ops == []
