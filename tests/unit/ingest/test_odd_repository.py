"""A repository with every oddity at once scans to the end and reports each of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest import FileIssue, ScanOptions, SkippedEntry, scan_tree
from tests.unit.ingest.trees import commit_all, git, write

FIFTY_MB = 50 * 1024 * 1024


def _odd_tree(root: Path) -> None:
    write(
        root,
        {
            "ok.py": "def fine():\n    return 1\n",
            "latin1.py": b"# caf\xe9\ndef cafe():\n    return '\xe9'\n",
            "broken.py": "def whole():\n    return 1\n\ndef half(:\n    pass\n\nclass After:\n    pass\n",
            "dir with space/ünï cødé.ts": "export function grüß(): number { return 1; }\n",
            "bad.json": "{not json",
            "package.json": "[1, 2]",
            "Cargo.toml": "[package\nname = ",
        },
    )
    (root / "loop").symlink_to("loop")
    with (root / "huge.dat").open("wb") as handle:
        handle.truncate(FIFTY_MB)  # sparse: 50 MB on paper, nothing on disk


@pytest.mark.parametrize("as_git", [False, True], ids=["walk", "git"])
def test_every_oddity_is_reported_and_nothing_else_is_lost(tmp_path: Path, as_git: bool) -> None:
    root = tmp_path / "odd"
    root.mkdir()
    _odd_tree(root)
    if as_git:
        git(root, "init", "-q")
        commit_all(root, "odd")
    result = scan_tree(root, ScanOptions(workers=1))

    assert [f.path for f in result.files] == [
        "Cargo.toml",
        "bad.json",
        "broken.py",
        "dir with space/ünï cødé.ts",
        "latin1.py",
        "ok.py",
        "package.json",
    ]
    assert set(result.report.skipped) == {
        SkippedEntry("loop", "symlink_loop"),
        SkippedEntry("huge.dat", "too_large", f"{FIFTY_MB} bytes > 2000000"),
    }
    issues = {(i.path, i.kind) for i in result.report.issues}
    assert issues == {
        ("broken.py", "syntax_error"),
        ("latin1.py", "bad_encoding"),
        ("package.json", "manifest_error"),  # valid JSON, but not an object
        ("Cargo.toml", "manifest_error"),
    }
    assert FileIssue("broken.py", "syntax_error", "first error at line 4") in result.report.issues
    latin1 = FileIssue("latin1.py", "bad_encoding", "invalid UTF-8 at byte 5; decoded with replacement")
    assert latin1 in result.report.issues
    # Parsing goes on around the error and through the bad bytes.
    assert {s.id for s in result.symbols} >= {
        "broken.py::function::whole",
        "broken.py::class::After",
        "latin1.py::function::cafe",
        "ok.py::function::fine",
        "dir with space/ünï cødé.ts::function::grüß",
    }
