"""A file's digest: what an incremental load compares to know whether to rewrite the file. It must change
whenever anything the file contributes to the graph changes (its record, symbols, structure, or the edges
resolution makes from it), and only then."""

from __future__ import annotations

from pathlib import Path

from ingest import ScanOptions, ScanResult, digest, scan_tree
from tests.unit.ingest.trees import write
from tests.unit.ingest.views import FIXTURES

_TREE = {
    "app/main.py": "from app import util\n\n\ndef run():\n    return util.helper()\n",
    "app/util.py": "def helper():\n    return 1\n",
    "app/other.py": "def lonely():\n    return 2\n",
}


def _scan(root: Path) -> ScanResult:
    return scan_tree(root, ScanOptions(workers=1, use_git=False))


def _symbols(result: ScanResult, path: str) -> list[tuple[str, int, int]]:
    return [(s.id, s.start_line, s.end_line) for s in result.symbols if s.path == path]


def _outgoing(result: ScanResult, path: str) -> list[tuple[str, str, str]]:
    return [(e.kind, e.source, e.target) for e in result.edges if e.origin == path]


def _changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}


def test_digests_of_some_files_are_those_of_all() -> None:
    result = scan_tree(FIXTURES / "typescript", ScanOptions(workers=1))
    every = digest.file_digests(result)
    assert sorted(every) == sorted(f.path for f in result.files)
    some = set(sorted(every)[::2])
    assert digest.file_digests(result, some) == {path: every[path] for path in some}
    assert digest.file_digests(result, set()) == {}


def test_a_changed_symbol_changes_its_files_digest_and_no_other(tmp_path: Path) -> None:
    write(tmp_path, _TREE)
    before_scan = _scan(tmp_path)
    # Same name, same edges: only the symbol's lines (and so the file's content) change.
    write(tmp_path, {"app/other.py": "def lonely():\n\n    return 2\n"})
    after_scan = _scan(tmp_path)
    assert _symbols(before_scan, "app/other.py") != _symbols(after_scan, "app/other.py")
    assert _changed(digest.file_digests(before_scan), digest.file_digests(after_scan)) == {"app/other.py"}


def test_a_file_whose_outgoing_edges_change_gets_a_new_digest_with_the_same_content(tmp_path: Path) -> None:
    write(tmp_path, _TREE)
    before_scan = _scan(tmp_path)
    before = digest.file_digests(before_scan)
    # main.py is untouched, but its call now also has a second candidate: ``helper`` is defined twice in
    # util.py, which makes the call ambiguous, so main.py loses its CALLS edge.
    write(tmp_path, {"app/util.py": "def helper():\n    return 1\n\n\nclass K:\n    def helper(self):\n        pass\n"})
    after_scan = _scan(tmp_path)
    after = digest.file_digests(after_scan)
    assert _outgoing(before_scan, "app/main.py") != _outgoing(after_scan, "app/main.py")
    assert _changed(before, after) == {"app/util.py", "app/main.py"}


def test_the_parser_version_is_in_every_digest(tmp_path: Path, monkeypatch) -> None:
    # A new parser version may give other symbols for the same content: every file is then rewritten.
    write(tmp_path, _TREE)
    result = _scan(tmp_path)
    before = digest.file_digests(result)
    monkeypatch.setattr(digest, "PARSER_VERSION", digest.PARSER_VERSION + 1)
    assert _changed(before, digest.file_digests(result)) == set(before)
