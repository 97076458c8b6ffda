"""Edits that change no node or edge are told apart from those that do, and a full scan agrees."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest import ScanOptions, ScanResult, StoredFile, neutral_edits, scan_tree, survey_tree
from ingest.changes import Edits, same_graph
from tests.unit.ingest.trees import write

OPTIONS = ScanOptions(workers=1)
TREE = {
    "a.py": "import b\n\n\ndef f():\n    return b.g() + 1\n\n\nclass A:\n    def m(self):\n        return f()\n",
    "b.py": "def g():\n    return 2\n",
    "web/x.ts": "import { y } from './y';\nexport function x() { return y(); }\n",
    "web/y.ts": "export function y() { return 1; }\n",
    "README.md": "# demo\n",
    "web/bundle.js": "var a=1;" * 2000 + "\n",  # minified: skipped when read, by every scan
}


def _stored(result: ScanResult) -> dict[str, StoredFile]:
    return {path: StoredFile(p.language, p.sha256, p.to_json_text()) for path, p in result.parses.items()}


def _silent(_phase: str, _done: int, _total: int) -> None:
    pass


def edits_since(root: Path, options: ScanOptions, stored: dict[str, StoredFile]) -> Edits | None:
    return neutral_edits(survey_tree(root, options, _silent), stored)


@pytest.fixture
def scanned(tmp_path: Path) -> tuple[Path, ScanResult]:
    write(tmp_path, TREE)
    return tmp_path, scan_tree(tmp_path, OPTIONS)


def test_an_unchanged_tree_has_no_edits(scanned: tuple[Path, ScanResult]) -> None:
    root, result = scanned
    edits = edits_since(root, OPTIONS, _stored(result))
    assert edits is not None and edits.parses == ()
    assert sorted(set(edits.skipped)) == list(result.report.skipped)


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("a.py", "# a comment on top moves every line\n" + TREE["a.py"]),
        ("a.py", TREE["a.py"].replace("return b.g() + 1", "return b.g() + 41")),
        ("web/x.ts", TREE["web/x.ts"] + "\n// trailing\n"),
        ("b.py", TREE["b.py"].replace("    return 2", "    # why\n\n    return 2")),
    ],
)
def test_an_edit_that_keeps_the_graph_gives_what_a_full_scan_gives(
    scanned: tuple[Path, ScanResult], path: str, text: str
) -> None:
    root, result = scanned
    write(root, {path: text})
    edits = edits_since(root, OPTIONS, _stored(result))
    assert edits is not None
    assert [p.path for p in edits.parses] == [path]
    fresh = scan_tree(root, OPTIONS)
    assert edits.parses[0] == fresh.parses[path]
    assert fresh.edges == result.edges and fresh.packages == result.packages
    assert [s.id for s in fresh.symbols] == [s.id for s in result.symbols]
    assert fresh.report.edges_by_kind == result.report.edges_by_kind


@pytest.mark.parametrize(
    "change",
    [
        {"a.py": TREE["a.py"].replace("return b.g() + 1", "return b.g() + b.g()")},  # a call more
        {"a.py": TREE["a.py"] + "\n\ndef h():\n    return 0\n"},  # a symbol more
        {"b.py": "import a\n" + TREE["b.py"]},  # an import more
        {"web/y.ts": "export function z() { return 1; }\n"},  # a symbol renamed
        {"c.py": "def c():\n    return 3\n"},  # a file more
    ],
)
def test_an_edit_that_changes_the_graph_is_none(scanned: tuple[Path, ScanResult], change: dict[str, str]) -> None:
    root, result = scanned
    write(root, change)
    assert edits_since(root, OPTIONS, _stored(result)) is None
    fresh = scan_tree(root, OPTIONS)
    assert ([s.id for s in fresh.symbols], fresh.edges) != ([s.id for s in result.symbols], result.edges)


def test_a_removed_file_is_none(scanned: tuple[Path, ScanResult]) -> None:
    root, result = scanned
    (root / "b.py").unlink()
    assert edits_since(root, OPTIONS, _stored(result)) is None


def test_a_parse_of_another_parser_version_is_none(scanned: tuple[Path, ScanResult]) -> None:
    root, result = scanned
    stored = _stored(result)
    old = stored["b.py"]
    stored["b.py"] = StoredFile(old.language, "0" * 64, old.parse.replace('"parser_version":', '"parser_version":-'))
    assert edits_since(root, OPTIONS, stored) is None


def test_same_graph_ignores_only_sizes_hashes_and_lines(scanned: tuple[Path, ScanResult]) -> None:
    root, result = scanned
    before = result.parses["a.py"]
    write(root, {"a.py": "\n\n" + TREE["a.py"]})
    after = scan_tree(root, OPTIONS).parses["a.py"]
    assert after.sha256 != before.sha256 and after.symbols != before.symbols  # the lines moved
    assert same_graph(before, after)
    renamed = after.__class__(**{**{f: getattr(after, f) for f in after.__slots__}, "namespaces": ("x",)})
    assert not same_graph(before, renamed)


@pytest.mark.parametrize(
    ("change", "parsed"),
    [
        ({}, 0),
        ({"a.py": "# on top\n" + TREE["a.py"]}, 1),  # parsed by the edits' check, kept
        ({"a.py": TREE["a.py"].replace("return b.g() + 1", "return b.g() + b.g()")}, 1),  # parsed there, not kept
        ({"c.py": "def c():\n    return 3\n", "web/more.js": "var b=2;" * 2000 + "\n"}, 1),  # new; skipped
    ],
)
def test_a_scan_that_goes_on_from_a_survey_equals_a_fresh_scan(
    scanned: tuple[Path, ScanResult], change: dict[str, str], parsed: int
) -> None:
    root, result = scanned
    write(root, change)
    surveyed = survey_tree(root, OPTIONS, _silent)
    neutral_edits(surveyed, _stored(result))
    from_survey = scan_tree(root, OPTIONS, result, survey=surveyed)
    fresh = scan_tree(root, OPTIONS)
    assert from_survey == fresh
    assert from_survey.report.skipped == fresh.report.skipped
    assert from_survey.report.files_parsed == parsed  # each changed file parsed once, here or before
    assert all(from_survey.parses[path] is parse for path, parse in surveyed.parsed.items()), "not parsed again"
