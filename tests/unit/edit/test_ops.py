"""One test per op: what each op does to a small hand-built candidate (expected values by hand)."""

import hashlib

import pytest

from rooms.contract import CandidateMeta, NamedBy, Seat, serialize_store
from rooms.edit import (
    Applied,
    AssignUnmapped,
    Merge,
    MoveMember,
    Rejected,
    Rename,
    ResolveSeam,
    Split,
    apply_batch,
    unresolved_seam_count,
    unresolved_seams,
)
from tests.unit.edit.builders import block, inputs_of, members_of, store


def _abc():
    return store(
        block("A", "src/a/x.py", "src/a/y.py", ("lib/shared.py", "shared"), to=("B",), residue=("src/a/notes.txt",)),
        block("B", "src/b/x.py", ("lib/shared.py", "shared"), to=("A", "C")),
        block("C", "docs/**", to=("B",)),
        unmapped_files=("tools/run.sh",),
        unmapped_total=3,
    )


def _applied(outcome) -> Applied:
    assert isinstance(outcome, Applied), outcome
    return outcome


# -- rename -------------------------------------------------------------------------------------------
def test_rename_by_owner_stamps_owner_and_clears_needs_naming() -> None:
    before = _abc()
    out = _applied(apply_batch(before, [Rename(block_id="A", name="  Auth  ", purpose="Signs users in.")], Seat.OWNER))
    renamed = out.store.block("A")
    assert (renamed.name, renamed.purpose) == ("Auth", "Signs users in.")
    assert renamed.candidate_meta.named_by is NamedBy.OWNER
    assert renamed.candidate_meta.needs_owner_naming is False
    assert out.changed_block_ids == ("A",)
    assert out.store.store_version == 5
    assert before.block("A").name == "Block A"


def test_rename_by_agent_stamps_runner_and_keeps_purpose() -> None:
    out = _applied(apply_batch(_abc(), [Rename(block_id="B", name="Billing")], Seat.AGENT))
    renamed = out.store.block("B")
    assert renamed.purpose == "Purpose of B"
    assert renamed.candidate_meta.named_by is NamedBy.RUNNER
    assert renamed.candidate_meta.needs_owner_naming is False


def test_rename_never_invents_meta_for_a_hand_authored_block() -> None:
    out = _applied(apply_batch(store(block("H", "h.py", meta=None)), [Rename(block_id="H", name="Hand")], Seat.OWNER))
    assert out.store.block("H").candidate_meta is None


# -- merge --------------------------------------------------------------------------------------------
def test_merge_unions_members_rewrites_sockets_and_recomputes_meta() -> None:
    b_meta = CandidateMeta(
        named_by=NamedBy.RUNNER,
        needs_owner_naming=False,
        graph_cohesion=0.8,
        edge_sample_size=30,
        directory_support=0.5,
        coverage_ratio=0.0,
        shared_member_count=1,
    )
    before = store(
        block("A", "src/a/x.py", "src/a/y.py", ("lib/shared.py", "shared"), to=("B",), residue=("src/a/notes.txt",)),
        block("B", "src/b/x.py", ("lib/shared.py", "shared"), to=("A", "C"), residue=("src/b/todo.txt",), meta=b_meta),
        block("C", "docs/**", to=("B",)),
    )
    out = _applied(apply_batch(before, [Merge(into="A", block_ids=["B"])], Seat.AGENT))
    survivor = out.store.block("A")
    # The path both merged blocks shared is now one primary entry.
    assert members_of(out.store, "A") == {
        "src/a/x.py": "primary",
        "src/a/y.py": "primary",
        "lib/shared.py": "primary",
        "src/b/x.py": "primary",
    }
    # A->B becomes a self-socket (dropped); B's A (self, dropped) and C join A; C->B now points at A.
    assert inputs_of(out.store, "A") == ["C"]
    assert inputs_of(out.store, "C") == ["A"]
    assert survivor.unmapped_residue == ["src/a/notes.txt", "src/b/todo.txt"]
    assert [b.block_id for b in out.store.blocks] == ["A", "C"]
    assert (out.changed_block_ids, out.removed_block_ids, out.created_block_ids) == (("A", "C"), ("B",), ())
    meta = survivor.candidate_meta
    # No code graph handed in: the cohesion of the union is not measured, and not averaged into one either.
    assert meta.graph_cohesion is None
    assert meta.edge_sample_size == 0
    assert meta.directory_support == pytest.approx((1.0 * 3 + 0.5 * 2) / 5)
    assert meta.coverage_ratio == pytest.approx(3 / 5)
    assert meta.shared_member_count == 0
    # B's runner name beats A's heuristic one; the merged name and purpose are marked heuristic until touched
    assert (survivor.name, survivor.purpose) == ("Block B", "Purpose of B; Purpose of A")
    assert (meta.named_by, meta.needs_owner_naming) == (NamedBy.HEURISTIC, True)


def test_merge_keeps_a_seam_with_a_third_block() -> None:
    before = store(
        block("A", "a.py", ("common.py", "shared")),
        block("B", "b.py", ("common.py", "shared")),
        block("C", "c.py", ("common.py", "shared")),
    )
    out = _applied(apply_batch(before, [Merge(into="A", block_ids=["B"])], Seat.OWNER))
    assert members_of(out.store, "A") == {"a.py": "primary", "common.py": "shared", "b.py": "primary"}
    assert members_of(out.store, "C")["common.py"] == "shared"
    assert unresolved_seams(out.store.blocks) == {"common.py": ["A", "C"]}
    assert out.store.block("A").candidate_meta.shared_member_count == 1


def test_member_ops_follow_a_later_merge_to_its_survivor() -> None:
    ops = [MoveMember(path="src/a/y.py", from_="A", to="B"), Merge(into="C", block_ids=["B"])]
    out = _applied(apply_batch(_abc(), ops, Seat.AGENT))
    assert "src/a/y.py" in members_of(out.store, "C")
    assert out.store.block("B") is None


# -- split --------------------------------------------------------------------------------------------
def _pqr():
    return store(
        block(
            "P",
            "app/auth/login.py",
            "app/auth/token.py",
            "app/db/**",
            ("app/util.py", "shared"),
            to=("R",),
            residue=("app/README.md",),
        ),
        block("Q", "q/x.py", ("app/util.py", "shared"), to=("P",)),
        block("R", "r.py", to=("P", "Q")),
    )


def _sha(*lines: str) -> str:
    return "sb_" + hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def test_split_by_path_groups_makes_stable_children_and_rewrites_sockets() -> None:
    op = Split(block_id="P", paths=[["app/auth/**"], ["app/db/**", "app/util.py"]])
    out = _applied(apply_batch(_pqr(), [op], Seat.OWNER))
    auth = _sha("P", "app/auth/login.py", "app/auth/token.py")
    rest = _sha("P", "app/db/**", "app/util.py")
    assert [b.block_id for b in out.store.blocks] == [auth, rest, "Q", "R"]
    assert members_of(out.store, auth) == {"app/auth/login.py": "primary", "app/auth/token.py": "primary"}
    assert members_of(out.store, rest) == {"app/db/**": "primary", "app/util.py": "shared"}
    assert [out.store.block(auth).name, out.store.block(rest).name] == ["Block P · auth", "Block P · part 2"]
    for child in (auth, rest):
        meta = out.store.block(child).candidate_meta
        assert (meta.named_by, meta.needs_owner_naming, meta.graph_cohesion, meta.edge_sample_size) == (
            NamedBy.HEURISTIC,
            True,
            None,
            0,
        )
        assert inputs_of(out.store, child) == ["R"]
    assert out.store.block(rest).candidate_meta.shared_member_count == 1
    assert out.store.block(auth).unmapped_residue == ["app/README.md"]
    assert inputs_of(out.store, "Q") == [auth, rest]
    assert inputs_of(out.store, "R") == [auth, rest, "Q"]
    assert (out.created_block_ids, out.removed_block_ids, out.changed_block_ids) == ((auth, rest), ("P",), ("Q", "R"))
    again = _applied(apply_batch(_pqr(), [op], Seat.OWNER))
    assert serialize_store(again.store) == serialize_store(out.store)


def test_split_with_rest_to_residue_keeps_the_rest_honestly() -> None:
    op = Split(block_id="P", paths=[["app/auth/login.py", "app/auth/token.py"]], rest_to_residue=True)
    out = _applied(apply_batch(_pqr(), [op], Seat.OWNER))
    child = _sha("P", "app/auth/login.py", "app/auth/token.py")
    assert out.store.block(child).unmapped_residue == ["app/README.md", "app/db/**"]
    # app/util.py was shared with Q: it stays mapped there, now as Q's own primary member.
    assert members_of(out.store, "Q") == {"q/x.py": "primary", "app/util.py": "primary"}


# -- move_member --------------------------------------------------------------------------------------
def test_move_member_moves_the_entry_with_its_role() -> None:
    out = _applied(apply_batch(_abc(), [MoveMember(path="src/a/y.py", from_="A", to="C")], Seat.AGENT))
    assert "src/a/y.py" not in members_of(out.store, "A")
    assert members_of(out.store, "C") == {"docs/**": "primary", "src/a/y.py": "primary"}
    assert out.changed_block_ids == ("A", "C")


def test_move_member_onto_the_other_owner_resolves_the_seam() -> None:
    out = _applied(apply_batch(_abc(), [MoveMember(path="lib/shared.py", from_="A", to="B")], Seat.AGENT))
    assert "lib/shared.py" not in members_of(out.store, "A")
    assert members_of(out.store, "B")["lib/shared.py"] == "primary"
    assert unresolved_seams(out.store.blocks) == {}


# -- resolve_seam -------------------------------------------------------------------------------------
def test_resolve_seam_primary_removes_the_path_from_the_other_owner() -> None:
    out = _applied(apply_batch(_abc(), [ResolveSeam(path="lib/shared.py", resolution="primary:B")], Seat.OWNER))
    assert "lib/shared.py" not in members_of(out.store, "A")
    assert members_of(out.store, "B")["lib/shared.py"] == "primary"
    assert out.store.block("A").candidate_meta.shared_member_count == 0


def test_resolve_seam_rewrites_all_of_three_owners_in_one_pass() -> None:
    before = store(
        block("A", "a.py", ("common.py", "shared")),
        block("B", "b.py", ("common.py", "shared")),
        block("C", "c.py", ("common.py", "shared")),
    )
    out = _applied(apply_batch(before, [ResolveSeam(path="common.py", resolution="primary:C")], Seat.OWNER))
    assert [("common.py" in members_of(out.store, b)) for b in "ABC"] == [False, False, True]
    assert members_of(out.store, "C")["common.py"] == "primary"


def test_resolve_seam_both_keeps_the_path_shared_on_every_owner_and_resolved() -> None:
    out = _applied(apply_batch(_abc(), [ResolveSeam(path="lib/shared.py", resolution="both")], Seat.OWNER))
    assert members_of(out.store, "A")["lib/shared.py"] == "shared"
    assert members_of(out.store, "B")["lib/shared.py"] == "shared"
    assert out.store.block("A").resolved_seams == ["lib/shared.py"]
    assert out.store.block("B").resolved_seams == ["lib/shared.py"]
    assert unresolved_seams(out.store.blocks) == {}
    assert unresolved_seam_count(out.store.blocks) == 0


def test_a_kept_seam_is_unresolved_again_when_a_third_block_shares_it_and_forgotten_when_moved() -> None:
    kept = _applied(apply_batch(_abc(), [ResolveSeam(path="lib/shared.py", resolution="both")], Seat.OWNER)).store
    # C takes B's claim (shared) but has not decided to keep it: the seam is open again, so the batch is refused.
    moved = apply_batch(kept, [MoveMember(path="lib/shared.py", from_="B", to="C")], Seat.OWNER)
    assert isinstance(moved, Rejected) and moved.code == "unresolved_seam"
    out = _applied(apply_batch(kept, [MoveMember(path="lib/shared.py", from_="B", to="A")], Seat.OWNER))
    assert members_of(out.store, "A")["lib/shared.py"] == "primary"
    assert out.store.block("A").resolved_seams == []


def test_resolve_seam_primary_names_a_merged_block_through_its_survivor() -> None:
    ops = [Merge(into="C", block_ids=["B"]), ResolveSeam(path="lib/shared.py", resolution="primary:B")]
    out = _applied(apply_batch(_abc(), ops, Seat.OWNER))
    assert members_of(out.store, "C")["lib/shared.py"] == "primary"
    assert "lib/shared.py" not in members_of(out.store, "A")


# -- assign_unmapped ----------------------------------------------------------------------------------
def test_assign_unmapped_from_a_block_residue() -> None:
    out = _applied(apply_batch(_abc(), [AssignUnmapped(path="src/a/notes.txt", block_id="B")], Seat.AGENT))
    assert members_of(out.store, "B")["src/a/notes.txt"] == "primary"
    assert out.store.block("A").unmapped_residue == []
    assert out.changed_block_ids == ("A", "B")
    assert out.unmapped_changed is False


def test_assign_unmapped_from_the_store_list_lowers_the_total() -> None:
    out = _applied(apply_batch(_abc(), [AssignUnmapped(path="tools/run.sh", block_id="C")], Seat.AGENT))
    assert members_of(out.store, "C")["tools/run.sh"] == "primary"
    assert (out.store.unmapped_files, out.store.unmapped_total) == ([], 2)
    assert out.unmapped_changed is True


def test_assigning_a_path_another_block_claims_makes_a_seam_the_batch_must_resolve() -> None:
    before = store(block("A", "x.py", "a.py"), block("B", "b.py", residue=("x.py",)))
    refused = apply_batch(before, [AssignUnmapped(path="x.py", block_id="B")], Seat.AGENT)
    assert (refused.op_index, refused.code) == (-1, "unresolved_seam")
    ops = [AssignUnmapped(path="x.py", block_id="B"), ResolveSeam(path="x.py", resolution="primary:B")]
    out = _applied(apply_batch(before, ops, Seat.AGENT))
    assert members_of(out.store, "A") == {"a.py": "primary"}
    assert members_of(out.store, "B") == {"b.py": "primary", "x.py": "primary"}


def test_empty_batch_changes_nothing() -> None:
    out = _applied(apply_batch(_abc(), [], Seat.OWNER))
    assert (out.changed_block_ids, out.created_block_ids, out.removed_block_ids) == ((), (), ())
    assert serialize_store(out.store) == serialize_store(_abc())
