"""Discovery: what is kept, what is skipped and why, in a plain directory and in a git work tree."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from ingest import ScanOptions, SkippedEntry, scan_tree
from ingest.discovery import discover
from tests.unit.ingest.trees import commit_all, git, write

OPTIONS = ScanOptions(max_file_bytes=1000, workers=1)


def _tree(root: Path) -> None:
    write(
        root,
        {
            ".gitignore": "*.log\nsecret/\n!keep.log\n",
            "app.py": "def main():\n    pass\n",
            "debug.log": "ignored\n",
            "keep.log": "kept by a negation\n",
            "secret/token.py": "TOKEN = 1\n",
            "sub/.gitignore": "local.txt\n",
            "sub/local.txt": "ignored by the nested .gitignore\n",
            "sub/mod.py": "import app\n",
            "node_modules/pkg/index.js": "module.exports = 1;\n",
            "env/pyvenv.cfg": "home = /usr/bin\n",
            "env/lib/site.py": "x = 1\n",
            "build/out.js": "var x = 1;\n",
            "image.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
            "vendor.min.js": "var a=1;\n",
            "bundle.js": "var a=1;" * 100,
            "big.txt": "x" * 1001,
            "dir with space/ünïcødé file.py": "def naïve():\n    return 'ok'\n",
        },
    )
    (root / "alias.py").symlink_to("app.py")
    (root / "loop_a").symlink_to("loop_b")
    (root / "loop_b").symlink_to("loop_a")
    (root / "self_dir").symlink_to(".")
    (root / "broken").symlink_to("nowhere")
    (root / "outside").symlink_to(root.parent)


def test_walk_honours_gitignore_and_counts_every_skip(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    root.mkdir()
    _tree(root)
    result = scan_tree(root, OPTIONS)
    assert {f.path: f.language for f in result.files} == {
        ".gitignore": "config",
        "alias.py": "python",  # a link to a file inside the root is kept under its own path
        "app.py": "python",
        "dir with space/ünïcødé file.py": "python",
        "keep.log": "other",
        "sub/.gitignore": "config",
        "sub/mod.py": "python",
    }
    assert set(result.report.skipped) == {
        SkippedEntry("node_modules/", "vendored"),
        SkippedEntry("env/", "virtualenv"),
        SkippedEntry("build/", "build_output"),
        SkippedEntry("image.png", "binary"),
        SkippedEntry("vendor.min.js", "minified"),
        SkippedEntry("bundle.js", "minified", "mean line length 800"),
        SkippedEntry("big.txt", "too_large", "1001 bytes > 1000"),
        SkippedEntry("loop_a", "symlink_loop"),
        SkippedEntry("loop_b", "symlink_loop"),
        SkippedEntry("self_dir", "symlink_loop"),
        SkippedEntry("broken", "broken_symlink"),
        SkippedEntry("outside", "symlink_outside_root"),
    }
    assert result.report.skipped_by_reason == {
        "binary": 1,
        "broken_symlink": 1,
        "build_output": 1,
        "minified": 2,
        "symlink_loop": 3,
        "symlink_outside_root": 1,
        "too_large": 1,
        "vendored": 1,
        "virtualenv": 1,
    }
    assert [s.id for s in result.symbols] == [
        "alias.py::function::main",
        "app.py::function::main",
        "dir with space/ünïcødé file.py::function::naïve",
    ]
    assert {(e.source, e.target) for e in result.edges if e.kind == "IMPORTS"} == {("file::sub/mod.py", "file::app.py")}


def test_git_listing_includes_untracked_and_skips_committed_vendor_trees(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    write(
        root,
        {
            ".gitignore": "*.log\n",
            "src/main.py": "print('hi')\n",
            "third_party/lib.py": "x = 1\n",
            "web/3rd-party/flac.js": "var x = 1;\n",
            "src/ThirdParty/zlib.c": "int x;\n",
            "src/thirdparty_notes/keep.md": "kept: only a directory named for third-party code is vendored\n",
            "gone.py": "x = 1\n",
            "pkg/__pycache__/main.cpython-311.pyc": b"\x00\x01",
        },
    )
    git(root, "add", "-f", "pkg/__pycache__/main.cpython-311.pyc")
    commit_all(root, "initial")
    (root / "gone.py").unlink()  # still in the index
    write(root, {"new file ✓.py": "y = 2\n", "ignored.log": "no\n"})
    result = scan_tree(root, OPTIONS)
    assert [f.path for f in result.files] == [
        ".gitignore",
        "new file ✓.py",
        "src/main.py",
        "src/thirdparty_notes/keep.md",
    ]
    assert set(result.report.skipped) == {
        SkippedEntry("third_party/lib.py", "vendored"),
        SkippedEntry("web/3rd-party/flac.js", "vendored"),
        SkippedEntry("src/ThirdParty/zlib.c", "vendored"),
        SkippedEntry("pkg/__pycache__/main.cpython-311.pyc", "cache"),
        SkippedEntry("gone.py", "missing"),
    }


def test_files_under_a_directory_replaced_by_a_symlink_are_skipped(tmp_path: Path) -> None:
    """Git lists what its index holds: files committed under a directory that is now a link. One leading out of
    the repository is never read (issue 34); one inside it lists files already listed under their real path."""
    root, elsewhere = tmp_path / "repo", tmp_path / "elsewhere"
    write(elsewhere, {"secret.py": "PASSWORD = 'not yours'\n"})
    write(root, {"main.py": "x = 1\n", "shared/secret.py": "x = 1\n", "real/mod.py": "y = 2\n", "alias/mod.py": ""})
    git(root, "init", "-q")
    commit_all(root, "initial")
    for name, target in (("shared", elsewhere), ("alias", root / "real")):
        for child in (root / name).iterdir():
            child.unlink()
        (root / name).rmdir()
        (root / name).symlink_to(target, target_is_directory=True)
    result = scan_tree(root, OPTIONS)
    assert [f.path for f in result.files] == ["main.py", "real/mod.py"]
    assert set(result.report.skipped) == {
        SkippedEntry("shared/secret.py", "symlink_outside_root"),
        SkippedEntry("alias/mod.py", "symlink_directory"),
        SkippedEntry("shared", "symlink_outside_root"),  # the links themselves, untracked
        SkippedEntry("alias", "symlink_directory"),
    }
    assert not [s for s in result.symbols if "PASSWORD" in s.id]


def test_a_subdirectory_of_a_repository_is_scanned_relative_to_itself(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write(
        root, {"service/app.py": "from lib import helper\n", "service/lib.py": "def helper(): pass\n", "other.py": ""}
    )
    git(root, "init", "-q")
    commit_all(root, "initial")
    result = scan_tree(root / "service", OPTIONS)
    assert [f.path for f in result.files] == ["app.py", "lib.py"]
    assert {(e.source, e.target) for e in result.edges if e.kind == "IMPORTS"} == {("file::app.py", "file::lib.py")}


def test_a_tree_ignored_by_an_enclosing_repository_is_walked(tmp_path: Path) -> None:
    outer = tmp_path / "outer"
    write(outer, {".gitignore": "versions/\n", "versions/lib/mod.py": "x = 1\n"})
    git(outer, "init", "-q")
    result = scan_tree(outer / "versions" / "lib", OPTIONS)
    assert [f.path for f in result.files] == ["mod.py"]


def test_paths_are_sorted_posix_and_never_absolute(tmp_path: Path) -> None:
    write(tmp_path, {"b/z.py": "", "a.py": "", "B.md": "", "a/b/c.ts": ""})
    result = scan_tree(tmp_path, OPTIONS)
    paths = [f.path for f in result.files]
    assert paths == sorted(paths) == ["B.md", "a.py", "a/b/c.ts", "b/z.py"]
    assert not any(os.path.isabs(p) or "\\" in p for p in paths)


def test_listed_is_called_once_when_that_many_paths_are_listed_by_either_listing(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    write(root, {f"pkg/m{i}.py": "x = 1\n" for i in range(5)})
    for use_git in (False, True):
        if use_git:
            git(root, "init", "-q")
        calls: list[int] = []
        options = ScanOptions(workers=1, use_git=use_git)
        found = discover(root, options, listed=(3, partial(calls.append, 1)))
        assert calls == [1]
        assert found == discover(root, options)
        discover(root, options, listed=(100, partial(calls.append, 2)))
        assert calls == [1]  # fewer paths than that: never


def test_the_walk_lists_what_git_lists_under_nested_gitignores(tmp_path: Path) -> None:
    # Git's own listing is the reference: the deepest .gitignore with a matching pattern decides, at any depth
    # below it, negations included; a directory without one inherits all of its ancestors'.
    root = tmp_path / "tree"
    write(
        root,
        {
            ".gitignore": "*.tmp\ncache/\n",
            "a.tmp": "",
            "a.py": "",
            "sub/.gitignore": "!keep.tmp\n*.py\n",
            "sub/keep.tmp": "",
            "sub/drop.tmp": "",
            "sub/mod.py": "",
            "sub/notes.md": "",
            "sub/deeper/keep.tmp": "",
            "sub/deeper/other.tmp": "",
            "sub/deeper/mod.py": "",
            "sub/deeper/x.md": "",
            "sub/deeper/.gitignore": "!mod.py\n",
            "sub/deeper/deepest/mod.py": "",
            "sub/deeper/deepest/keep.tmp": "",
            "cache/x.md": "",
            "sub/cache/y.md": "",
            "other/cache.md": "",
        },
    )
    walked = discover(root, ScanOptions(workers=1, use_git=False))
    git(root, "init", "-q")
    listed = discover(root, ScanOptions(workers=1, use_git=True))
    assert (walked.method, listed.method) == ("walk", "git")
    assert walked.candidates == listed.candidates
    assert "sub/deeper/deepest/keep.tmp" in {c.path for c in walked.candidates}
    assert "sub/deeper/deepest/mod.py" in {c.path for c in walked.candidates}
    assert "sub/mod.py" not in {c.path for c in walked.candidates}
