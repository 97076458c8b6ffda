"""What a ``ParseSink`` is told during a scan: each file's parse and records once, then that all are parsed,
then the resolved edges, each once and as the result has it. A loader writes from these while the scan goes
on, so anything missing or different here would be missing or different in the graph."""

from __future__ import annotations

import gc
import multiprocessing
from collections import Counter
from pathlib import Path

import pytest

from ingest import EdgeRecord, FileParse, ScanOptions, ScanResult, scan_tree
from ingest import tree_scan as scan
from ingest.assemble import FileGraph, file_graph
from ingest.tree_scan import PARALLEL_THRESHOLD
from tests.unit.ingest.trees import write
from tests.unit.ingest.views import FIXTURES

_RESOLVED_KINDS = {"IMPORTS", "USES_PACKAGE", "CALLS", "INHERITS"}


class _Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def parsed(self, parse: FileParse, parse_json: str | None, graph: FileGraph) -> None:
        self.events.append(("parsed", (parse, parse_json, graph)))

    def all_parsed(self) -> None:
        self.events.append(("all_parsed", None))

    def resolved(self, edges: list[EdgeRecord]) -> None:
        self.events.append(("resolved", list(edges)))

    def told(self, kind: str) -> list[object]:
        return [payload for event, payload in self.events if event == kind]


def _check(result: ScanResult, recorder: _Recorder) -> None:
    kinds = [event for event, _ in recorder.events]
    parsed = recorder.told("parsed")
    assert kinds == ["parsed"] * len(parsed) + ["all_parsed"] + ["resolved"] * (len(kinds) - len(parsed) - 1)
    assert sorted(parse.path for parse, _, _ in parsed) == sorted(result.parses)  # each file once
    for parse, parse_json, graph in parsed:
        assert parse == result.parses[parse.path]
        assert graph == file_graph(parse)
        assert parse_json is None or parse_json == parse.to_json_text()
    told = Counter(edge for edges in recorder.told("resolved") for edge in edges)
    assert told == Counter(edge for edge in result.edges if edge.kind in _RESOLVED_KINDS)


def test_a_sink_is_told_every_parse_then_every_resolved_edge_once() -> None:
    for language in sorted(path.name for path in FIXTURES.iterdir()):
        recorder = _Recorder()
        result = scan_tree(FIXTURES / language, ScanOptions(workers=1), sink=recorder)
        assert result == scan_tree(FIXTURES / language, ScanOptions(workers=1))
        assert recorder.told("resolved"), language
        _check(result, recorder)
        assert all(parse_json is None for _, parse_json, _ in recorder.told("parsed"))  # parsed in process


def test_the_scan_holds_no_file_records_while_it_resolves() -> None:
    """Each file's records are told to the sink and let go; ``assemble`` makes them again after resolution. Held
    for every file while resolution built its symbol table, they were a large tree's peak of memory."""
    alive: list[int] = []

    class _Counting:  # keeps nothing it is told
        def parsed(self, parse: FileParse, parse_json: str | None, graph: FileGraph) -> None:
            pass

        def all_parsed(self) -> None:
            pass

        def resolved(self, edges: list[EdgeRecord]) -> None:
            alive.append(sum(isinstance(thing, FileGraph) for thing in gc.get_objects()))

    result = scan_tree(FIXTURES / "python", ScanOptions(workers=1), sink=_Counting())
    assert len(result.files) > 1 and alive  # premise: several files, and resolution told edges
    assert max(alive) == 0


def test_reused_parses_are_told_too() -> None:
    previous = scan_tree(FIXTURES / "python", ScanOptions(workers=1))
    recorder = _Recorder()
    result = scan_tree(FIXTURES / "python", ScanOptions(workers=1), previous=previous, sink=recorder)
    assert result.report.files_reused == len(result.files)
    _check(result, recorder)


def test_worker_processes_tell_the_json_text_they_made(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            f"pkg/m{i}.py": f"from pkg import m{i + 1}\n\n\ndef f{i}():\n    return f{i - 1}() + 'é'\n"
            for i in range(PARALLEL_THRESHOLD + 10)
        },
    )
    recorder = _Recorder()
    result = scan_tree(tmp_path, ScanOptions(workers=2, use_git=False), sink=recorder)
    _check(result, recorder)
    assert all(parse_json is not None for _, parse_json, _ in recorder.told("parsed"))


def test_a_fresh_large_scan_starts_its_workers_while_discovery_goes_on(tmp_path: Path, monkeypatch) -> None:
    write(tmp_path, {f"pkg/m{i}.py": f"def f{i}():\n    return {i}\n" for i in range(PARALLEL_THRESHOLD + 10)})
    phases: list[str] = []
    starts: list[str] = []
    real_discover, real_start = scan.discover, scan._WorkerPool.start

    def discovering(*args, **kwargs):
        phases.append("discovering")
        try:
            return real_discover(*args, **kwargs)
        finally:
            phases.append("discovered")

    def start(pool):
        starts.append(phases[-1])
        return real_start(pool)

    monkeypatch.setattr(scan, "discover", discovering)
    monkeypatch.setattr(scan._WorkerPool, "start", start)
    options = ScanOptions(workers=2, use_git=False)
    fresh = scan_tree(tmp_path, options)
    assert starts[0] == "discovering"
    assert fresh == scan_tree(tmp_path, ScanOptions(workers=1, use_git=False))

    starts.clear()  # a rescan may parse few files: its workers start, if at all, when the parse begins
    (tmp_path / "pkg/m0.py").write_text("def f0():\n    return -1\n")
    rescan = scan_tree(tmp_path, options, previous=fresh)
    assert "discovering" not in starts
    assert rescan.report.files_reused == len(fresh.files) - 1

    starts.clear()  # a small tree starts none
    scan_tree(FIXTURES / "python", options)
    assert starts == []


def test_no_parse_worker_outlives_its_scan_whether_it_ends_or_fails(tmp_path: Path) -> None:
    write(tmp_path, {f"pkg/m{i}.py": f"def f{i}():\n    return {i}\n" for i in range(PARALLEL_THRESHOLD + 10)})
    options = ScanOptions(workers=2, use_git=False)
    assert multiprocessing.active_children() == []  # premise: nothing of ours running before
    result = scan_tree(tmp_path, options, sink=_Recorder())
    assert result.report.files_parsed == PARALLEL_THRESHOLD + 10
    assert multiprocessing.active_children() == []  # the workers exited while it resolved, and it waited

    class _Failing(_Recorder):
        def parsed(self, parse: FileParse, parse_json: str | None, graph: FileGraph) -> None:
            raise RuntimeError("a sink that fails mid-parse")

    with pytest.raises(RuntimeError, match="mid-parse"):
        scan_tree(tmp_path, options, sink=_Failing())
    assert multiprocessing.active_children() == []
