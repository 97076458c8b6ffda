"""Same repository -> same seed and ids; a small edit keeps >= 95 % of files in a block with the same id."""

from __future__ import annotations

import random
import re

from rooms.candidate import CandidateInput, FileEdge, FileInfo, SymbolVote
from rooms.candidate.membership import resolve
from rooms.contract import BlockKind, BlockState, MembershipSource, SkeletonState, serialize_seed
from tests.unit.candidate.builders import build, chain, graph

MODULES = {
    "shop/auth": 6,
    "shop/billing": 8,
    "shop/catalog": 7,
    "shop/orders": 9,
    "web/pages": 5,
    "web/store": 4,
}


def _repo(extra: dict[str, int | None] | None = None, extra_edges: list | None = None) -> CandidateInput:
    files: dict[str, int | None] = {}
    edges: list = []
    for community, (directory, size) in enumerate(MODULES.items()):
        paths = [f"{directory}/m{i}.py" for i in range(size)]
        files |= dict.fromkeys(paths, community)
        edges += chain(paths) + [(paths[0], paths[-1], 1.0)]
    edges += [("shop/orders/m0.py", "shop/catalog/m1.py", 0.5), ("web/pages/m0.py", "shop/orders/m2.py", 0.5)]
    files |= {"README.md": None, "docs/intro.md": None, "docs/usage.md": None}
    files |= extra or {}
    return graph(files, edges + (extra_edges or []))


def _ids_by_file(data: CandidateInput) -> dict[str, str]:
    """Each file -> the id of the block resolving it (residue files -> "residue")."""
    seed, _ = build(data)
    paths = [f.path for f in data.files]
    members = resolve({b.block_id: list(b.membership) for b in seed.blocks}, paths)
    owner = {p: block_id for block_id in sorted(members) for p in members[block_id]}
    return {p: owner.get(p, "residue") for p in paths}


def test_the_same_input_gives_the_same_seed_and_report() -> None:
    first, report1 = build(_repo())
    second, report2 = build(_repo())
    assert serialize_seed(first) == serialize_seed(second)
    assert report1.comparable() == report2.comparable()


def test_input_order_and_community_numbers_do_not_matter() -> None:
    data = _repo()
    rng = random.Random(7)
    files = list(data.files)
    edges = list(data.edges)
    rng.shuffle(files)
    rng.shuffle(edges)
    renumbered = CandidateInput(
        repo_id=data.repo_id,
        files=tuple(files),
        file_communities={p: 1000 - 3 * c for p, c in reversed(list(data.file_communities.items()))},
        symbol_votes=tuple(SymbolVote(v.path, 1000 - 3 * v.community, v.weight) for v in data.symbol_votes),
        edges=tuple(edges),
        source_commit=data.source_commit,
    )
    assert serialize_seed(build(renumbered)[0]) == serialize_seed(build(data)[0])


def test_the_candidate_is_a_proposed_candidate_without_receipts() -> None:
    seed, _ = build(_repo())
    assert seed.skeleton.state is SkeletonState.CANDIDATE and seed.repo.source_commit == "c0ffee"
    for block in seed.blocks:
        assert re.fullmatch(r"sb_[0-9a-f]{16}", block.block_id)
        assert (block.kind, block.state, block.membership_source) == (
            BlockKind.SCANNED,
            BlockState.CANDIDATE,
            MembershipSource.PROPOSED,
        )
        assert block.receipts == [] and block.membership_fingerprint is None and block.resolved_members == []


def test_a_small_edit_keeps_files_in_blocks_with_the_same_id() -> None:
    before = _ids_by_file(_repo())
    after = _ids_by_file(
        _repo(
            extra={"shop/auth/m6.py": 0, "shop/billing/notes.md": None},
            extra_edges=[
                ("shop/auth/m6.py", "shop/auth/m0.py", 1.0),
                ("shop/billing/m3.py", "shop/catalog/m2.py", 0.3),
            ],
        )
    )
    common = sorted(set(before) & set(after))
    kept = sum(1 for p in common if before[p] == after[p])
    assert kept / len(common) >= 0.95
    assert set(before.values()) <= set(after.values())


def test_ids_follow_the_anchor_not_the_member_list() -> None:
    small = build(graph({"m/a.py": 1, "m/b.py": 1, "m/c.py": 1}, chain(["m/a.py", "m/b.py", "m/c.py"])))[0]
    grown = build(
        graph({"m/a.py": 1, "m/b.py": 1, "m/c.py": 1, "m/d.py": 1}, chain(["m/a.py", "m/b.py", "m/c.py", "m/d.py"]))
    )[0]
    assert [b.block_id for b in small.blocks] == [b.block_id for b in grown.blocks]


def test_file_edges_between_unknown_files_are_ignored() -> None:
    data = _repo()
    noisy = CandidateInput(
        repo_id=data.repo_id,
        files=data.files,
        file_communities=data.file_communities,
        edges=data.edges + (FileEdge("ghost.py", "shop/auth/m0.py", "IMPORTS", 5.0),),
        source_commit=data.source_commit,
    )
    assert serialize_seed(build(noisy)[0]) == serialize_seed(build(data)[0])
    assert FileInfo("a.md", "docs").is_code is False


def test_groups_of_a_split_directory_keep_their_ids_when_their_sizes_change() -> None:
    p = ["lib/p1.py", "lib/p2.py", "lib/p3.py"]
    r = ["lib/r1.py", "lib/r2.py", "lib/r3.py", "lib/r4.py"]
    edges = chain(p) + chain(r)
    before = _ids_by_file(graph({**dict.fromkeys(p, 1), **dict.fromkeys(r, 2)}, edges))
    bigger = p + ["lib/p4.py", "lib/p5.py"]  # the p group grows past the r group
    after = _ids_by_file(graph({**dict.fromkeys(bigger, 1), **dict.fromkeys(r, 2)}, chain(bigger) + chain(r)))
    assert before["lib/p1.py"] != before["lib/r1.py"]
    assert all(before[f] == after[f] for f in p + r)
