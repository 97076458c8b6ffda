"""Membership entries: dir/** at >= 90 % claim, exact paths otherwise; seams; roles; the residue."""

from __future__ import annotations

from rooms.candidate.inputs import FileInfo
from rooms.candidate.membership import entries_for, is_test_path, resolve
from rooms.contract import Member, MemberRole
from tests.unit.candidate.builders import block_of, build, chain, clique, graph, language


def _infos(paths: list[str]) -> dict[str, FileInfo]:
    return {p: FileInfo(p, language(p)) for p in paths}


def test_a_glob_needs_ninety_percent_of_the_directory() -> None:
    ten = [f"m/f{i}.py" for i in range(10)]
    subtree = {"m": 10}
    nine = set(ten[:9])
    assert entries_for(nine, set(), _infos(ten), subtree, 0.9) == [Member(path="m/**", role=MemberRole.PRIMARY)]
    eight = set(ten[:8])
    assert [m.path for m in entries_for(eight, set(), _infos(ten), subtree, 0.9)] == sorted(eight)


def test_the_shallowest_qualifying_directory_is_globbed_and_roles_follow_the_files() -> None:
    files = {"m/a.py", "m/sub/b.py", "m/docs/guide.md", "m/tests/test_a.py"}
    subtree = {"m": 4, "m/sub": 1, "m/docs": 1, "m/tests": 1}
    assert entries_for(files, set(), _infos(sorted(files)), subtree, 0.9) == [
        Member(path="m/**", role=MemberRole.PRIMARY)
    ]
    docs_only = {"m/docs/guide.md"}
    assert entries_for(docs_only, set(), _infos(sorted(files)), subtree, 0.9) == [
        Member(path="m/docs/**", role=MemberRole.DOCS)
    ]
    partial = {"m/a.py", "m/tests/test_a.py"}
    assert entries_for(partial, set(), _infos(sorted(files)), subtree, 0.9) == [
        Member(path="m/a.py", role=MemberRole.PRIMARY),
        Member(path="m/tests/**", role=MemberRole.TEST),
    ]


def test_a_seam_is_listed_exactly_as_shared_even_under_a_glob() -> None:
    files = {"m/a.py", "m/b.py"}
    got = entries_for(files, {"m/b.py"}, _infos(sorted(files)), {"m": 2}, 0.9)
    assert got == [Member(path="m/**", role=MemberRole.PRIMARY), Member(path="m/b.py", role=MemberRole.SHARED)]


def test_test_paths_by_directory_and_by_name() -> None:
    assert all(
        is_test_path(p)
        for p in (
            "tests/x.py",
            "pkg/test_x.py",
            "a/x_test.go",
            "src/x.test.ts",
            "src/main/XTest.java",
            "spec/x_spec.rb",
            "conftest.py",
        )
    )
    assert not any(is_test_path(p) for p in ("pkg/testing_tools.py", "src/contest.ts", "latest/x.py"))


def test_resolve_gives_exact_entries_to_their_blocks_and_the_deeper_glob_wins() -> None:
    blocks = {
        "outer": [Member(path="m/**", role=MemberRole.PRIMARY)],
        "inner": [Member(path="m/sub/**", role=MemberRole.PRIMARY), Member(path="m/x.py", role=MemberRole.PRIMARY)],
    }
    got = resolve(blocks, ["m/a.py", "m/x.py", "m/sub/b.py", "other/c.py"])
    assert got == {"outer": {"m/a.py"}, "inner": {"m/x.py", "m/sub/b.py"}}


def test_ties_become_shared_seams_on_every_claimant_and_are_reported() -> None:
    p = ["lib/p1.py", "lib/p2.py", "lib/p3.py"]
    r = ["lib/r1.py", "lib/r2.py", "lib/r3.py"]
    seam = "lib/shared.py"
    files = {**dict.fromkeys(p, 1), **dict.fromkeys(r, 2), seam: None}
    edges = clique(p) + clique(r) + [(p[0], r[0], 0.5), (seam, p[0], 1.0), (seam, r[0], 1.0)]
    seed, report = build(graph(files, edges, votes=[(seam, 1, 2.0), (seam, 2, 2.0)]))
    claimants = [b for b in seed.blocks if b.member(seam) is not None]
    assert len(claimants) == 2
    assert all(b.member(seam).role is MemberRole.SHARED for b in claimants)
    assert all(b.candidate_meta.shared_member_count == 1 for b in claimants)
    assert [(s.path, s.block_ids) for s in report.multi_owner_seams] == [(seam, [b.block_id for b in claimants])]
    assert {m.path for b in claimants for m in b.membership} == set(p + r + [seam])


def test_a_tie_inside_one_block_is_no_seam() -> None:
    files = {**dict.fromkeys(["m/a1.py", "m/a2.py", "m/a3.py"], 1), "m/t.py": None}
    seed, report = build(
        graph(files, chain(["m/a1.py", "m/a2.py", "m/a3.py"]), votes=[("m/t.py", 1, 1.0), ("m/t.py", 2, 1.0)])
    )
    assert report.multi_owner_seams == []
    assert [m.path for m in block_of(seed, "m/t.py").membership] == ["m/**"]


def test_residue_is_counted_exactly_and_listed_once_on_the_nearest_block() -> None:
    a = ["pkg/a/a1.py", "pkg/a/a2.py", "pkg/a/a3.py"]
    b = ["web/b1.ts", "web/b2.ts", "web/b3.ts"]
    files = {**dict.fromkeys(a, 1), **dict.fromkeys(b, 2), "README.md": None, "LICENSE": None, "setup.py": None}
    seed, report = build(graph(files, chain(a) + chain(b)))
    assert report.residue_count == 3 and report.residue_first == ["LICENSE", "README.md", "setup.py"]
    listed = [p for blk in seed.blocks for p in blk.unmapped_residue]
    assert sorted(listed) == ["LICENSE", "README.md", "setup.py"]
    assert not any("misc" in blk.name.lower() for blk in seed.blocks)
    assert len(seed.blocks) == 2


def test_a_glob_covers_its_directory_only_not_siblings_whose_names_extend_it() -> None:
    # Siblings that sort just before and after "m/a/" (by '-', '.', '0' and letters): each keeps its exact entry.
    under = [f"m/a/f{i}.py" for i in range(10)]
    siblings = ["m/a-b/x.py", "m/a.b/y.py", "m/a0/z.py", "m/ab/w.py"]
    others = ["m/a-b/x2.py", "m/a.b/y2.py", "m/a0/z2.py", "m/ab/w2.py"]  # not claimed: no sibling is globbed
    paths = sorted(under + siblings + others)
    subtree = {"m": len(paths), "m/a": 10, "m/a-b": 2, "m/a.b": 2, "m/a0": 2, "m/ab": 2}
    entries = entries_for(set(under + siblings), set(), _infos(paths), subtree, 0.9)
    assert [m.path for m in entries] == sorted(["m/a/**", *siblings])
