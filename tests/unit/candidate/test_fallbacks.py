"""F0c §2c: the declared degeneration fallbacks, named in the report."""

from __future__ import annotations

from rooms.candidate import ClusterParams, Fallback, FileInfo, plan_fallback
from tests.unit.candidate.builders import build, chain, graph, layout


def test_plan_fallback_by_repository_class() -> None:
    params = ClusterParams()  # tiny below 30 files; no-edge below max(3, 5 % of code files) linked pairs
    code = [FileInfo(f"src/f{i}.py", "python") for i in range(100)]
    docs = [FileInfo(f"docs/d{i}.md", "docs") for i in range(40)]
    assert plan_fallback(code[:29], 500, params) is Fallback.TINY_REPO
    assert plan_fallback(docs, 0, params) is Fallback.DOCS_NO_EDGE
    assert plan_fallback(code, 4, params) is Fallback.DOCS_NO_EDGE  # 4 < 5 % of 100
    assert plan_fallback(code, 5, params) is None


def test_tiny_repo_one_block_per_top_level_directory_no_clustering() -> None:
    files = {
        "src/x.py": 1,
        "src/y.py": 2,
        "src/deep/z.py": 3,
        "tests/test_x.py": 1,
        "main.py": 1,
        "cli.py": None,
        "README.md": None,
    }
    edges = [("src/x.py", "src/y.py", 1.0), ("main.py", "src/x.py", 1.0), ("tests/test_x.py", "src/x.py", 1.0)]
    seed, report = build(graph(files, edges), ClusterParams())
    # Communities are ignored below the noise floor: src/ is one block although it holds three.
    assert layout(seed) == {frozenset({"src/**", "main.py"}), frozenset({"tests/**"})}
    assert report.fallback is Fallback.TINY_REPO and report.algorithm == "top-level directories"
    assert report.residue_first == ["README.md", "cli.py"] and report.hubs == []


def test_tiny_repo_without_directories_is_one_block_of_its_code() -> None:
    seed, report = build(graph({"a.py": None, "b.py": None, "notes.md": None}), ClusterParams())
    assert layout(seed) == {frozenset({"a.py", "b.py"})}
    assert report.residue_first == ["notes.md"]


def test_docs_repository_clusters_by_directory_and_extension_with_no_graph_scores() -> None:
    files: dict[str, int | None] = {f"docs/guide/g{i:02}.md": None for i in range(20)}
    files |= {f"docs/api/a{i:02}.md": None for i in range(15)}
    files |= {f"docs/img/i{i}.png": None for i in range(5)}
    files |= {"scripts/run.sh": None, "scripts/lint.sh": None, "README.md": None}
    seed, report = build(graph(files), ClusterParams())
    # docs/ markdown holds 35 of docs/'s 40 files (87.5 %): its two directories are globbed, not docs/.
    assert layout(seed) == {
        frozenset({"docs/api/**", "docs/guide/**"}),
        frozenset({"docs/img/**"}),
        frozenset({"scripts/**"}),
    }
    assert report.fallback is Fallback.DOCS_NO_EDGE and report.algorithm == "directory + extension"
    assert all(b.candidate_meta.graph_cohesion is None for b in seed.blocks)
    assert report.residue_first == ["README.md"]


def test_docs_fallback_keeps_graph_cohesion_absent_even_with_a_few_edges() -> None:
    files: dict[str, int | None] = {f"docs/d{i:02}.md": None for i in range(30)}
    files |= {f"tools/t{i}.py": None for i in range(6)}
    seed, report = build(graph(files, chain([f"tools/t{i}.py" for i in range(3)])), ClusterParams(cohesion_floor=1))
    assert report.fallback is Fallback.DOCS_NO_EDGE  # 2 linked pairs < 3
    assert all(b.candidate_meta.graph_cohesion is None for b in seed.blocks)


def test_single_directory_repository_is_named() -> None:
    a = [f"src/a/a{i}.py" for i in range(3)]
    b = [f"src/b/b{i}.py" for i in range(3)]
    seed, report = build(graph({**dict.fromkeys(a, 1), **dict.fromkeys(b, 2), "README.md": None}, chain(a) + chain(b)))
    assert report.fallback is Fallback.SINGLE_DIRECTORY
    assert layout(seed) == {frozenset({"src/a/**"}), frozenset({"src/b/**"})}
