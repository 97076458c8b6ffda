"""F0c §2b: communities × directories, directory-first, with the top-level clamp and the FLOOR."""

from __future__ import annotations

from tests.unit.candidate.builders import block_of, build, chain, clique, entries, graph, layout

A = ["pkg/a/a1.py", "pkg/a/a2.py", "pkg/a/a3.py"]
B = ["pkg/b/b1.py", "pkg/b/b2.py", "pkg/b/b3.py"]


def test_directories_in_different_communities_are_different_blocks() -> None:
    data = graph({**dict.fromkeys(A, 1), **dict.fromkeys(B, 2)}, chain(A) + chain(B) + [(A[0], B[0], 0.5)])
    seed, report = build(data)
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"})}
    # All the code sits under pkg/: the declared single-directory class (clustered inside pkg/).
    assert report.fallback == "single_directory" and report.residue_count == 0


def test_a_community_spanning_directories_is_split_by_directory_across_top_level_trees() -> None:
    tests = ["tests/a/t1.py", "tests/a/t2.py", "tests/a/t3.py"]
    data = graph({**dict.fromkeys(A, 1), **dict.fromkeys(tests, 1)}, chain(A) + chain(tests) + [(tests[0], A[0], 3.0)])
    seed, _ = build(data)
    # One community, two top-level trees: never one block (the clamp).
    assert layout(seed) == {frozenset({"pkg/**"}), frozenset({"tests/**"})}


def test_sibling_directories_of_one_community_merge_and_the_merge_stands_for_their_parent_when_whole() -> None:
    x = ["pkg/x/x1.py", "pkg/x/x2.py"]
    y = ["pkg/y/y1.py", "pkg/y/y2.py"]
    seed, _ = build(graph(dict.fromkeys(x + y, 1), chain(x) + chain(y) + [(x[0], y[0], 1.0)]))
    assert layout(seed) == {frozenset({"pkg/**"})}


def test_siblings_merge_but_the_parent_is_not_globbed_when_another_block_lives_there() -> None:
    x = ["pkg/x/x1.py", "pkg/x/x2.py"]
    y = ["pkg/y/y1.py", "pkg/y/y2.py"]
    z = ["pkg/z/z1.py", "pkg/z/z2.py", "pkg/z/z3.py"]
    data = graph({**dict.fromkeys(x + y, 1), **dict.fromkeys(z, 2)}, chain(x) + chain(y) + chain(z) + [(x[0], y[0], 1.0)])
    seed, _ = build(data)
    # x + y hold 4 of pkg's 7 files (57 % < 90 %): two globs, no pkg/**.
    assert layout(seed) == {frozenset({"pkg/x/**", "pkg/y/**"}), frozenset({"pkg/z/**"})}
    assert block_of(seed, "pkg/x/x1.py").name == "X"  # named after its core part, not after pkg


def test_a_flat_directory_splits_only_into_internally_cohesive_groups() -> None:
    p = ["lib/p1.py", "lib/p2.py", "lib/p3.py"]
    r = ["lib/r1.py", "lib/r2.py", "lib/r3.py"]
    files = {**dict.fromkeys(p, 1), **dict.fromkeys(r, 2), "lib/readme.md": None}
    seed, _ = build(graph(files, clique(p) + clique(r) + [(p[0], r[0], 0.5)]))
    # Each group keeps 3 of its 3.5 in-directory weight (0.86 >= 0.5): split. Neither holds 90 % of lib/:
    # exact paths. The readme (no node, no edge) joins the larger group; equal sizes -> the first community.
    assert layout(seed) == {frozenset(p + ["lib/readme.md"]), frozenset(r)}


def test_a_directory_whose_groups_have_no_edges_among_themselves_stays_whole() -> None:
    t = ["tests/test_a1.py", "tests/test_a2.py", "tests/test_a3.py"]
    u = ["tests/test_b1.py", "tests/test_b2.py", "tests/test_b3.py"]
    files = {**dict.fromkeys(A + t, 1), **dict.fromkeys(B + u, 2)}
    edges = chain(A) + chain(B) + [(f, A[0], 1.0) for f in t] + [(f, B[0], 1.0) for f in u]
    seed, _ = build(graph(files, edges))
    # Cross-cutting tests: communities say "a" and "b", but no edge inside tests/ says "two modules".
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"}), frozenset({"tests/**"})}


def test_a_utility_directory_scattered_over_communities_merges_with_nothing() -> None:
    util = ["pkg/util/u1.py", "pkg/util/u2.py", "pkg/util/u3.py", "pkg/util/u4.py"]
    files = {**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), util[0]: 1, util[1]: 2, util[2]: 3, util[3]: 4}
    edges = chain(A) + chain(B) + [(A[0], u, 1.0) for u in util] + [(B[0], u, 1.0) for u in util]
    seed, _ = build(graph(files, edges))
    # util's largest community holds 1 of its 4 files (< merge_share 0.5): it belongs to no community.
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"}), frozenset({"pkg/util/**"})}


def test_a_unit_below_the_floor_joins_the_unit_it_shares_most_weight_with() -> None:
    c = "pkg/c/c1.py"
    data = graph({**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), c: 3}, chain(A) + chain(B) + [(c, B[1], 2.0), (c, A[0], 1.0)])
    seed, _ = build(data)
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**", "pkg/c/**"})}


def test_a_unit_below_the_floor_without_edges_joins_its_nearest_relative_by_directory() -> None:
    lone = "pkg/b/sub/x.py"
    seed, _ = build(graph({**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), lone: 3}, chain(A) + chain(B)))
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"})}


def test_files_without_a_graph_node_attach_by_directory() -> None:
    files = {**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), "pkg/a/templates/page.html": None,
             "pkg/a/templates/mail.html": None, "pkg/a/notes.md": None}
    seed, _ = build(graph(files, chain(A) + chain(B)))
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"})}


def test_root_files_join_by_edges_or_stay_in_the_residue() -> None:
    files = {**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), "main.py": 1, "setup.py": None, "README.md": None}
    seed, report = build(graph(files, chain(A) + chain(B) + [("main.py", B[0], 1.0)]))
    assert entries(block_of(seed, "main.py")) == ["main.py", "pkg/b/**"]
    assert report.residue_count == 2 and report.residue_first == ["README.md", "setup.py"]


def test_a_repository_without_directories_is_clustered_community_first() -> None:
    p = ["p1.py", "p2.py", "p3.py"]
    r = ["r1.py", "r2.py", "r3.py"]
    seed, report = build(graph({**dict.fromkeys(p, 1), **dict.fromkeys(r, 2), "README.md": None}, clique(p) + clique(r)))
    assert layout(seed) == {frozenset(p), frozenset(r)}
    assert report.fallback == "single_directory" and report.residue_first == ["README.md"]


def test_a_top_level_test_tree_is_one_block() -> None:
    ta = ["tests/unit/a/t1.py", "tests/unit/a/t2.py", "tests/unit/a/t3.py"]
    tb = ["tests/unit/b/t1.py", "tests/unit/b/t2.py", "tests/unit/b/t3.py"]
    files = {**dict.fromkeys(A + ta, 1), **dict.fromkeys(B + tb, 2), "tests/fixtures/x.json": None}
    edges = chain(A) + chain(B) + chain(ta) + chain(tb) + [(ta[0], A[0], 1.0), (tb[0], B[0], 1.0)]
    seed, _ = build(graph(files, edges))
    # Without the rule, tests/unit/a and tests/unit/b would be two blocks (two communities, each cohesive).
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"}), frozenset({"tests/**"})}


def test_a_stray_top_level_directory_without_graph_nodes_stays_in_the_residue() -> None:
    files = {**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), "docker/Dockerfile": None, "docker/compose.yaml": None,
             "ci/run.sh": 3}
    seed, report = build(graph(files, chain(A) + chain(B)))
    # docker/: two files, no node -> residue. ci/run.sh has a node (a claim): it stays a (small) block.
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"}), frozenset({"ci/**"})}
    assert report.residue_first == ["docker/Dockerfile", "docker/compose.yaml"]


def test_directory_first_needs_split_cohesion_but_a_flat_directory_holding_half_the_code_goes_community_first() -> None:
    p = ["lib/p1.py", "lib/p2.py", "lib/p3.py"]
    r = ["lib/r1.py", "lib/r2.py", "lib/r3.py"]
    # Each group: inside 2.0 (a chain), across 3.0 (three p-r edges) -> 0.4 of its in-directory weight.
    edges = chain(p) + chain(r) + [(p[i], r[i], 1.0) for i in range(3)]
    flat = {**dict.fromkeys(p, 1), **dict.fromkeys(r, 2)}
    assert layout(build(graph(flat, edges))[0]) == {frozenset(p), frozenset(r)}  # all the code: community-first
    rest = {f"app/m{i}.py": 3 for i in range(7)}  # lib/ now holds 6 of 13 code files (< half)
    seed, _ = build(graph({**flat, **rest}, edges + chain(list(rest))))
    assert frozenset({"lib/**"}) in layout(seed)  # 0.4 < split_cohesion 0.5: one directory module
