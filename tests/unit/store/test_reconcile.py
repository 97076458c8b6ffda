from __future__ import annotations

import hashlib

from rooms.contract import Member, MemberRole, SkeletonState
from rooms.reconcile import BlockChange, block_changes, fingerprint, reconcile
from tests.integration.store.ratified import ratified_with_receipts

FILES = ["core/a.py", "core/b.py", "core/sub/c.py", "scripts/x.sh", "README.md"]


def test_fingerprint_is_the_contract_formula() -> None:
    expected = "sha256:" + hashlib.sha256(b"a.py\nb/c.py\n").hexdigest()
    assert fingerprint(["b/c.py", "a.py"]) == expected


def test_globs_resolve_and_the_residue_is_cached() -> None:
    store = ratified_with_receipts("r")  # sb_core: core/**, fingerprint "sha256:0123" from an earlier reconcile
    out = reconcile(store, FILES)
    core = out.blocks[0]
    assert core.resolved_members == ["core/a.py", "core/b.py", "core/sub/c.py"]
    assert core.membership_fingerprint == fingerprint(["core/a.py", "core/b.py", "core/sub/c.py"])
    assert core.boundary_version == store.blocks[0].boundary_version + 1, "the membership moved"
    assert (out.unmapped_files, out.unmapped_total) == (["README.md", "scripts/x.sh"], 2)
    assert out.blocks[0].receipts == store.blocks[0].receipts


def test_an_unchanged_membership_keeps_its_boundary_version() -> None:
    once = reconcile(ratified_with_receipts("r"), FILES)
    twice = reconcile(once, list(reversed(FILES)))
    assert twice.blocks[0].boundary_version == once.blocks[0].boundary_version
    assert twice == once


def test_exact_members_resolve_only_when_present() -> None:
    store = ratified_with_receipts("r")
    block = store.blocks[0].model_copy(
        update={
            "membership": [
                Member(path="core/a.py", role=MemberRole.PRIMARY),
                Member(path="gone.py", role=MemberRole.PRIMARY),
            ]
        }
    )
    out = reconcile(store.model_copy(update={"blocks": [block]}), FILES)
    assert out.blocks[0].resolved_members == ["core/a.py"]


def test_a_candidate_is_reconciled_like_a_ratified_skeleton() -> None:
    store = ratified_with_receipts("r")
    candidate = store.model_copy(
        update={
            "skeleton": store.skeleton.model_copy(update={"state": SkeletonState.CANDIDATE}),
            "blocks": [b.model_copy(update={"receipts": []}) for b in store.blocks],
        }
    )
    out = reconcile(candidate, FILES)
    assert out.skeleton.state is SkeletonState.CANDIDATE
    assert out.blocks[0].resolved_members == ["core/a.py", "core/b.py", "core/sub/c.py"]


def test_block_changes_say_what_happened_to_each_block() -> None:
    store = ratified_with_receipts("r")  # sb_core has a fingerprint from an earlier reconcile
    once = reconcile(store, FILES)
    assert [(c.block_id, c.change) for c in block_changes(store, once)] == [("sb_core", BlockChange.CHANGED)]
    fresh = store.model_copy(
        update={"blocks": [b.model_copy(update={"membership_fingerprint": None}) for b in store.blocks]}
    )
    first = block_changes(fresh, reconcile(fresh, FILES))[0]
    assert (first.change, first.resolved, first.added, first.removed) == (BlockChange.RECORDED, 3, 3, 0)
    assert block_changes(once, reconcile(once, FILES))[0].change is BlockChange.KEPT
    emptied = block_changes(once, reconcile(once, ["README.md"]))[0]
    assert (emptied.change, emptied.resolved, emptied.removed) == (BlockChange.EMPTIED, 0, 3)
