"""Same tree -> identical graph: twice in a row, at another absolute path, walked vs listed by git,
and parsed in worker processes vs in process."""

from __future__ import annotations

import shutil
from pathlib import Path

from ingest import ScanOptions, ScanResult, scan_tree
from ingest.tree_scan import PARALLEL_THRESHOLD
from tests.unit.ingest.trees import commit_all, git, write
from tests.unit.ingest.views import FIXTURES

OPTIONS = ScanOptions(workers=1)


def _graph(result: ScanResult) -> tuple:
    return result.files, result.symbols, result.edges, result.packages


def test_scanning_twice_gives_identical_results() -> None:
    first = scan_tree(FIXTURES / "typescript", OPTIONS)
    second = scan_tree(FIXTURES / "typescript", OPTIONS)
    assert first == second
    assert [e.kind for e in first.edges] == sorted(e.kind for e in first.edges)


def test_location_and_listing_method_do_not_change_the_graph(tmp_path: Path) -> None:
    in_repository = scan_tree(FIXTURES / "python", OPTIONS)  # listed by git (the project's work tree)
    copy = tmp_path / "elsewhere" / "python"
    shutil.copytree(FIXTURES / "python", copy)
    walked = scan_tree(copy, OPTIONS)  # not a git tree: walked
    assert _graph(walked) == _graph(in_repository)
    git(copy, "init", "-q")
    commit_all(copy, "copy")
    assert _graph(scan_tree(copy, OPTIONS)) == _graph(in_repository)


FILES = PARALLEL_THRESHOLD + 30  # enough for worker processes to start


def test_worker_processes_give_the_in_process_result(tmp_path: Path) -> None:
    files = {
        f"pkg{i % 7}/mod{i}.py": f"from pkg{(i + 1) % 7} import mod{i + 1}\n\ndef f{i}():\n    return f{i - 1}()\n"
        for i in range(FILES)
    }
    files.update({f"pkg{i}/__init__.py": "" for i in range(7)})
    write(tmp_path, files)
    serial = scan_tree(tmp_path, ScanOptions(workers=1))
    parallel = scan_tree(tmp_path, ScanOptions(workers=2))
    assert parallel == serial
    assert serial.report.edges_by_kind["CALLS"] == FILES - 1  # f0 calls f-1, which does not exist
