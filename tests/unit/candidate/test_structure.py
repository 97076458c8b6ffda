"""F0c §2b: structure first (modules, directories, headers with sources, tests with their code), then the graph."""

from __future__ import annotations

from rooms.candidate import ClusterParams
from rooms.candidate.units import shared_depth
from rooms.contract import MemberRole
from tests.unit.candidate.builders import PARAMS, block_of, build, chain, clique, entries, graph, layout

A = ["pkg/a/a1.py", "pkg/a/a2.py", "pkg/a/a3.py"]
B = ["pkg/b/b1.py", "pkg/b/b2.py", "pkg/b/b3.py"]


def test_directories_in_different_communities_are_different_blocks() -> None:
    data = graph({**dict.fromkeys(A, 1), **dict.fromkeys(B, 2)}, chain(A) + chain(B) + [(A[0], B[0], 0.5)])
    seed, report = build(data)
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"})}
    # All the code sits under pkg/: the declared single-directory class (clustered inside pkg/).
    assert report.fallback == "single_directory" and report.residue_count == 0


def test_a_flat_directory_splits_only_into_internally_cohesive_groups() -> None:
    p = ["lib/p1.py", "lib/p2.py", "lib/p3.py"]
    r = ["lib/r1.py", "lib/r2.py", "lib/r3.py"]
    files = {**dict.fromkeys(p, 1), **dict.fromkeys(r, 2), "lib/readme.md": None}
    seed, _ = build(graph(files, clique(p) + clique(r) + [(p[0], r[0], 0.5)]))
    # Each group keeps 3 of its 3.5 in-directory weight (0.86 >= 0.5): split. Neither holds 90 % of lib/:
    # exact paths. The readme (no node, no edge) joins the larger group; equal sizes -> the first community.
    assert layout(seed) == {frozenset(p + ["lib/readme.md"]), frozenset(r)}


def test_a_utility_directory_scattered_over_communities_merges_with_nothing() -> None:
    util = ["pkg/util/u1.py", "pkg/util/u2.py", "pkg/util/u3.py", "pkg/util/u4.py"]
    files = {**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), util[0]: 1, util[1]: 2, util[2]: 3, util[3]: 4}
    edges = chain(A) + chain(B) + [(A[0], u, 1.0) for u in util] + [(B[0], u, 1.0) for u in util]
    seed, _ = build(graph(files, edges))
    # A directory of utilities used from both sides stays a directory module: no community pulls it apart.
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**"}), frozenset({"pkg/util/**"})}


def test_a_unit_below_the_floor_joins_the_unit_it_shares_most_weight_with() -> None:
    c = "pkg/c/c1.py"
    data = graph(
        {**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), c: 3}, chain(A) + chain(B) + [(c, B[1], 2.0), (c, A[0], 1.0)]
    )
    seed, _ = build(data)
    assert layout(seed) == {frozenset({"pkg/a/**"}), frozenset({"pkg/b/**", "pkg/c/**"})}


def test_files_without_a_graph_node_attach_by_directory() -> None:
    files = {
        **dict.fromkeys(A, 1),
        **dict.fromkeys(B, 2),
        "pkg/a/templates/page.html": None,
        "pkg/a/templates/mail.html": None,
        "pkg/a/notes.md": None,
    }
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
    seed, report = build(
        graph({**dict.fromkeys(p, 1), **dict.fromkeys(r, 2), "README.md": None}, clique(p) + clique(r))
    )
    assert layout(seed) == {frozenset(p), frozenset(r)}
    assert report.fallback == "single_directory" and report.residue_first == ["README.md"]


def test_a_stray_top_level_directory_without_graph_nodes_stays_in_the_residue() -> None:
    files = {
        **dict.fromkeys(A, 1),
        **dict.fromkeys(B, 2),
        "docker/Dockerfile": None,
        "docker/compose.yaml": None,
        "ci/run.sh": 3,
    }
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


def test_tests_outside_the_code_tree_attach_to_the_block_they_use_with_the_test_role() -> None:
    t = ["tests/test_a1.py", "tests/test_a2.py", "tests/test_a3.py"]
    u = ["tests/test_b1.py", "tests/test_b2.py", "tests/test_b3.py"]
    files = {**dict.fromkeys(A + t, 1), **dict.fromkeys(B + u, 2), "tests/unused_test.py": 3}
    edges = chain(A) + chain(B) + [(f, A[0], 1.0) for f in t] + [(f, B[0], 1.0) for f in u]
    seed, _ = build(graph(files, edges))
    # No block of tests: each test sits with what it exercises. One that uses nothing resolvable is no block
    # of its own: like any file there, it joins the block holding most of its directory (a tie: the first).
    assert {frozenset(entries(block_of(seed, A[0]))), frozenset(entries(block_of(seed, B[0])))} == {
        frozenset({"pkg/a/**", *t, "tests/unused_test.py"}),
        frozenset({"pkg/b/**", *u}),
    }
    assert all(block_of(seed, f).member(f).role is MemberRole.TEST for f in t + u)
    assert len(seed.blocks) == 2


def test_a_small_directory_joins_its_nearest_ancestor_directory() -> None:
    core = [f"pkg/core/m{i}.py" for i in range(6)]
    sub = ["pkg/core/extra/x1.py", "pkg/core/extra/x2.py"]
    other = [f"pkg/other/o{i}.py" for i in range(6)]
    files = {**dict.fromkeys(core + sub, 1), **dict.fromkeys(other, 2)}
    seed, _ = build(
        graph(files, chain(core) + chain(other) + [(sub[0], other[0], 1.0)]),
        ClusterParams(tiny_repo_files=0, no_edge_min_pairs=0, no_edge_ratio=0.0),
    )
    # extra/ (2 files < min_directory_files) is part of core/, whatever its edges say.
    assert layout(seed) == {frozenset({"pkg/core/**"}), frozenset({"pkg/other/**"})}


def _module_repo(alignment: float) -> set[frozenset[str]]:
    """Three Maven modules; `big` has two packages that are two communities (they line up)."""
    x = [f"big/src/main/java/org/x/X{i}.java" for i in range(16)]
    y = [f"big/src/main/java/org/y/Y{i}.java" for i in range(16)]
    small = {m: [f"{m}/src/main/java/org/{m}/C{i}.java" for i in range(4)] for m in ("one", "two")}
    files: dict[str, int | None] = {
        **dict.fromkeys(x, 1),
        **dict.fromkeys(y, 2),
        "big/pom.xml": None,
        "one/pom.xml": None,
        "two/pom.xml": None,
        "pom.xml": None,
    }
    edges = clique(x) + clique(y) + [(x[0], y[0], 1.0)]
    for index, paths in enumerate(small.values()):
        files.update(dict.fromkeys(paths, 3 + index))
        edges += chain(paths) + [(paths[0], x[0], 1.0)]
    return layout(build(graph(files, edges), PARAMS, package_alignment=alignment)[0])


def test_a_module_is_one_block_unless_its_directories_line_up_with_its_communities() -> None:
    split = _module_repo(0.42)
    # The module's manifest joins the block holding most of its code (the first on a tie).
    assert frozenset({"big/pom.xml", "big/src/main/java/org/x/**"}) in split
    assert frozenset({"big/src/main/java/org/y/**"}) in split
    assert frozenset({"one/**"}) in split and frozenset({"two/**"}) in split  # each module, its manifest with it
    whole = _module_repo(10.0)  # an alignment no partition reaches: every module stays whole
    assert whole == {frozenset({"big/**"}), frozenset({"one/**"}), frozenset({"two/**"})}


def test_a_companion_module_is_part_of_the_module_it_is_named_after() -> None:
    files: dict[str, int | None] = {"pom.xml": None}
    edges: list[tuple] = []
    for index, module in enumerate(("orders", "orders-api", "billing", "shipping")):
        paths = [f"{module}/src/main/java/p/{module.replace('-', '')}{i}.java" for i in range(4)]
        files.update({**dict.fromkeys(paths, index), f"{module}/pom.xml": None})
        edges += chain(paths)
    seed, _ = build(graph(files, edges))
    assert frozenset({"orders/**", "orders-api/**"}) in layout(seed)


def test_headers_live_with_their_sources_and_include_trees_with_their_mirror() -> None:
    dsp = ["src/dsp/fft.c", "src/dsp/dct.c", "src/dsp/window.c"]
    io = ["src/io/wav.c", "src/io/mp3.c", "src/io/flac.c"]
    headers = ["include/fft.h", "include/wav.h", "include/dsp/filters.h"]
    files = {**dict.fromkeys(dsp, 1), **dict.fromkeys(io, 2), **dict.fromkeys(headers, None)}
    seed, _ = build(graph({**files, "src/dsp/filters.c": 1}, chain(dsp) + chain(io)))
    assert block_of(seed, "include/fft.h") is block_of(seed, "src/dsp/fft.c")
    assert block_of(seed, "include/wav.h") is block_of(seed, "src/io/wav.c")
    assert block_of(seed, "include/dsp/filters.h") is block_of(seed, "src/dsp/fft.c")


def test_a_whole_module_lists_its_directories_as_the_suggested_finer_cut() -> None:
    x = [f"big/src/main/java/org/x/X{i}.java" for i in range(16)]
    y = [f"big/src/main/java/org/y/Y{i}.java" for i in range(16)]
    small = {m: [f"{m}/src/main/java/org/{m}/C{i}.java" for i in range(4)] for m in ("one", "two")}
    files: dict[str, int | None] = {
        **dict.fromkeys(x + y, 1),
        "big/pom.xml": None,
        "one/pom.xml": None,
        "two/pom.xml": None,
    }
    edges = clique(x + y)  # one community across both packages: the module stays whole
    for index, paths in enumerate(small.values()):
        files.update(dict.fromkeys(paths, 3 + index))
        edges += chain(paths)
    seed, report = build(graph(files, edges))
    big = block_of(seed, x[0])
    assert entries(big) == ["big/**"]
    assert [(s.block_id, s.directories) for s in report.suggested_splits] == [
        (big.block_id, ["big/src/main/java/org/x", "big/src/main/java/org/y"])
    ]


def test_shared_depth_counts_whole_leading_segments() -> None:
    assert shared_depth("a/b/c", "a/b/d") == 2
    assert shared_depth("a/b", "a/b") == 2
    assert shared_depth("a", "ab") == 0  # a shared prefix of characters is no shared directory
    assert shared_depth("", "a/b") == 0
    assert shared_depth("a/b/c", "a") == 1
