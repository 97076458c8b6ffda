"""A rescan that reuses the previous parses equals a fresh scan, along a real edit history."""

from __future__ import annotations

import json
from pathlib import Path

from ingest import FileParse, ScanOptions, ScanResult, scan_tree
from tests.unit.ingest.trees import commit_all, git, write

OPTIONS = ScanOptions(workers=1)


def _assert_same_graph(incremental: ScanResult, fresh: ScanResult) -> None:
    assert incremental.files == fresh.files
    assert incremental.symbols == fresh.symbols
    assert incremental.edges == fresh.edges
    assert incremental.packages == fresh.packages
    assert incremental.report == fresh.report  # timings and cache statistics are not compared
    assert incremental == fresh


def _calls_of_use(result: ScanResult) -> dict[str, float]:
    return {e.target: e.confidence for e in result.edges if e.kind == "CALLS" and e.source == "b.py::function::use"}


def test_rescans_along_an_edit_history_equal_fresh_scans(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    write(
        root,
        {
            "pyproject.toml": '[project]\nname = "demo"\ndependencies = []\n',
            "a.py": "def f():\n    return 1\n\n\nclass A:\n    pass\n",
            "b.py": "from a import A\nimport requests\n\n\ndef use():\n    return f() + 1\n\n\nclass B(A):\n    pass\n",
            "pkg/__init__.py": "",
            "pkg/c.py": "from . import d\n",
            "pkg/d.py": "VALUE = 1\n",
            "web/x.ts": "import { y } from './y';\nexport function x() { return y(); }\n",
            "web/y.ts": "export function y() { return 1; }\n",
        },
    )
    commit_all(root, "initial")
    previous = scan_tree(root, OPTIONS)
    assert previous.report.files_parsed == 8

    assert _calls_of_use(previous) == {"a.py::function::f": 1.0}  # b imports a: f is found there

    steps: list[tuple[str, dict[str, str], list[str], int, dict[str, float]]] = [
        # (what, files to write, files to delete, files the rescan parses, what b.use() then calls)
        (
            "define f elsewhere: the imported a.py still wins",
            {"e.py": "def f():\n    return 2\n"},
            [],
            1,
            {"a.py::function::f": 1.0},
        ),
        (
            "rename f in a.py (b.py itself unchanged): a unique global guess",
            {"a.py": "def g():\n    return 1\n\n\nclass A:\n    pass\n"},
            [],
            1,
            {"e.py::function::f": 0.5},
        ),
        ("a second f makes the name ambiguous", {"h.py": "def f():\n    return 3\n"}, [], 1, {}),
        ("delete both definitions", {}, ["e.py", "h.py"], 0, {}),
        (
            "declare a dependency: b's import becomes a package use",
            {"pyproject.toml": '[project]\nname = "demo"\ndependencies = ["requests"]\n'},
            [],
            1,
            {},
        ),
        ("move a module: pkg/c.py's import now misses", {}, ["pkg/d.py"], 0, {}),
        (
            "break a file's syntax after y",
            {"web/y.ts": "export function y() { return 1; }\nexport function z( {\n"},
            [],
            1,
            {},
        ),
        ("unchanged tree", {}, [], 0, {}),
    ]
    for what, written, deleted, expected_parsed, expected_calls in steps:
        write(root, written)
        for path in deleted:
            git(root, "rm", "-q", path)
        commit_all(root, what)
        incremental = scan_tree(root, OPTIONS, previous=previous)
        fresh = scan_tree(root, OPTIONS)
        _assert_same_graph(incremental, fresh)
        assert incremental.report.files_parsed == expected_parsed, what
        assert incremental.report.files_reused == len(fresh.files) - expected_parsed, what
        assert _calls_of_use(incremental) == expected_calls, what
        previous = incremental

    calls = {(e.source, e.target) for e in previous.edges if e.kind == "CALLS"}
    assert calls == {("web/x.ts::function::x", "web/y.ts::function::y")}
    assert {p.id for p in previous.packages} == {"package::pypi::requests"}
    assert {(i.path, i.kind) for i in previous.report.issues} == {("web/y.ts", "syntax_error")}


def test_a_history_of_renames_and_moves_in_git(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    write(root, {"lib/util.py": "def helper():\n    pass\n", "app.py": "from lib.util import helper\n\nhelper()\n"})
    commit_all(root, "initial")
    first = scan_tree(root, OPTIONS)
    assert {(e.kind, e.source, e.target) for e in first.edges if e.kind in ("IMPORTS", "CALLS")} == {
        ("IMPORTS", "file::app.py", "file::lib/util.py"),
        ("CALLS", "file::app.py", "lib/util.py::function::helper"),
    }
    git(root, "mv", "lib", "tools")
    write(root, {"app.py": "from tools.util import helper\n\nhelper()\n"})
    commit_all(root, "move lib to tools")
    second = scan_tree(root, OPTIONS, previous=first)
    _assert_same_graph(second, scan_tree(root, OPTIONS))
    assert second.report.files_parsed == 2  # tools/util.py is a new path; app.py changed
    assert {(e.kind, e.source, e.target) for e in second.edges if e.kind in ("IMPORTS", "CALLS")} == {
        ("IMPORTS", "file::app.py", "file::tools/util.py"),
        ("CALLS", "file::app.py", "tools/util.py::function::helper"),
    }


def test_cached_parses_survive_a_json_round_trip(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "m.py": "from . import x\nclass K(Base):\n    def run(self):\n        self.go()\n",
            "Cargo.toml": '[package]\nname = "k"\n[dependencies]\nserde = "1"\n',
            "tsconfig.json": '{"compilerOptions": {"baseUrl": "src", "paths": {"@/*": ["*"]}}, "extends": "./base.json"}',  # noqa: E501 - file content verbatim
            "bad.py": b"def \xff(:\n",
        },
    )
    result = scan_tree(tmp_path, OPTIONS)
    stored = json.loads(json.dumps({path: parse.to_json() for path, parse in result.parses.items()}))
    restored = {path: FileParse.from_json(data) for path, data in stored.items()}
    assert restored == result.parses
    again = scan_tree(tmp_path, OPTIONS, previous=restored)
    assert again == result
    assert (again.report.files_parsed, again.report.files_reused) == (0, 4)
