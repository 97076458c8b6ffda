"""``scan_tree``: discover, parse (reusing unchanged files of a previous scan), resolve, assemble.

Timings: ``discover`` (listing and path filters), ``parse`` (reading, hashing, parsing),
``resolve`` (resolution and building the sorted records).

Worker processes send each parse back as its JSON text (``FileParse.to_json_text``): pickling the
records costs far more on both sides (dataclass pickling calls ``fields()`` per object), and the text is
what the loader stores with each file.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from time import perf_counter
from typing import Protocol

from ingest.assemble import FileGraph, assemble, file_graph
from ingest.discovery import Candidate, discover, read_candidate
from ingest.options import ScanOptions
from ingest.parse import PARSER_VERSION, FileParse, parse_file
from ingest.records import EdgeRecord, ScanResult, SkippedEntry
from ingest.resolve import resolve
from ingest.survey import Survey

# Told of the scan's steps: ``(phase, done, total)``, phase "discovering", "parsing" (files parsed or reused
# of those to read) or "resolving"; it may raise to stop the scan (a cancelled job does).
ScanProgress = Callable[[str, int, int], None]

PARALLEL_THRESHOLD = 500  # files to parse; below this, starting worker processes costs more than it saves
_CHUNK = 64


class ParseSink(Protocol):
    """Told of each file's parse as soon as the scan has it, that all files are parsed (resolution begins),
    then of the resolved edges as they become final: a loader writes them while the scan goes on. Called
    in the scan's thread: return soon."""

    def parsed(self, parse: FileParse, parse_json: str | None, graph: FileGraph) -> None:
        """One file's parse (reused or new), with its JSON text when a worker process made it, and what the
        file contributes without resolution."""

    def all_parsed(self) -> None:
        """Every file's parse was told."""

    def resolved(self, edges: list[EdgeRecord]) -> None:
        """Edges of the result (IMPORTS, USES_PACKAGE, CALLS, INHERITS), each told once, as it will be there."""


def scan_tree(
    root: str | os.PathLike[str],
    options: ScanOptions | None = None,
    previous: ScanResult | Mapping[str, FileParse] | None = None,
    *,
    sink: ParseSink | None = None,
    progress: ScanProgress | None = None,
    survey: Survey | None = None,
) -> ScanResult:
    """Scan the tree at ``root`` into graph records.

    ``previous`` (a former result, or just its ``parses``) makes the scan incremental: files
    whose content hash, language and parser version are unchanged are not parsed again. The
    result is exactly what a fresh scan gives. ``sink`` is told of the parses as they come, ``progress`` of
    the steps (see ``ScanProgress``). ``survey`` (``ingest.survey_tree`` of the same root and options): the tree
    as listed and read there, so that no file is listed, read or parsed again.
    """
    return _scan(Path(root).resolve(), options or ScanOptions(), previous, sink, progress or _silent, survey)


def _silent(_phase: str, _done: int, _total: int) -> None:
    pass


def _scan(
    root_path: Path,
    options: ScanOptions,
    previous: ScanResult | Mapping[str, FileParse] | None,
    sink: ParseSink | None,
    progress: ScanProgress,
    survey: Survey | None,
) -> ScanResult:
    cache = previous.parses if isinstance(previous, ScanResult) else (previous or {})
    with _WorkerPool(options.workers or os.cpu_count() or 1) as pool:
        return _scan_with(root_path, options, cache, sink, pool, progress, survey)


def _scan_with(
    root_path: Path,
    options: ScanOptions,
    cache: Mapping[str, FileParse],
    sink: ParseSink | None,
    pool: _WorkerPool,
    progress: ScanProgress,
    survey: Survey | None,
) -> ScanResult:
    started = perf_counter()
    if survey is None:
        progress("discovering", 0, 0)
        # A fresh scan that lists many paths will parse many files: its workers boot while discovery goes on.
        early_start = None if cache or pool.size <= 1 else (PARALLEL_THRESHOLD, pool.start)
        discovery = discover(root_path, options, listed=early_start)
    else:
        discovery = survey.discovery
    read: Mapping[str, str | SkippedEntry] = survey.read if survey is not None else {}
    fresh: Mapping[str, FileParse] = survey.parsed if survey is not None else {}
    discovered = perf_counter()
    total = len(discovery.candidates)
    progress("parsing", 0, total)

    parses: dict[str, FileParse] = {}
    # A file's records are made for the sink and let go: ``assemble`` makes them again after resolution, so that
    # resolution's symbol table is not built while every file's records are held.
    skipped: list[SkippedEntry] = list(discovery.skipped)
    to_parse: list[Candidate] = []
    reused = 0  # files whose parse is the previous scan's (those the survey parsed are new)
    for candidate in discovery.candidates:
        digest = read.get(candidate.path)
        if isinstance(digest, SkippedEntry):
            skipped.append(digest)
            continue
        cached = fresh.get(candidate.path) or cache.get(candidate.path)
        if cached is None or cached.language != candidate.language or cached.parser_version != PARSER_VERSION:
            to_parse.append(candidate)
            continue
        if digest is None:
            data = read_candidate(root_path, candidate, options)
            if isinstance(data, SkippedEntry):
                skipped.append(data)
                continue
            digest = hashlib.sha256(data).hexdigest()
        if digest != cached.sha256:
            to_parse.append(candidate)
            continue
        parses[candidate.path] = cached
        reused += candidate.path not in fresh
        if sink is not None:
            sink.parsed(cached, None, file_graph(cached))
    done = total - len(to_parse)
    progress("parsing", done, total)
    for outcome in _parse_all(root_path, to_parse, options, pool):
        done += 1
        progress("parsing", done, total)
        if isinstance(outcome, SkippedEntry):
            skipped.append(outcome)
            continue
        parse, text = outcome
        parses[parse.path] = parse
        if sink is not None:
            sink.parsed(parse, text, file_graph(parse))
    parsed_at = perf_counter()
    pool.close()  # idle from here on
    if sink is not None:
        sink.all_parsed()
    progress("resolving", 0, 0)

    resolution = resolve(parses, sink.resolved if sink is not None else None)
    result = assemble(
        parses,
        resolution,
        skipped,
        files_parsed=len(parses) - reused,
        files_reused=reused,
    )
    timings = {"discover": discovered - started, "parse": parsed_at - discovered, "resolve": perf_counter() - parsed_at}
    return replace(result, report=replace(result.report, timings=timings))


def _parse_all(
    root: Path, candidates: list[Candidate], options: ScanOptions, pool: _WorkerPool
) -> Iterator[tuple[FileParse, str | None] | SkippedEntry]:
    """Each candidate's parse, with its JSON text when a worker process made it, or why it was skipped."""
    if not pool.started and (pool.size <= 1 or len(candidates) < PARALLEL_THRESHOLD):
        for candidate in candidates:
            outcome = _read_and_parse(root, candidate, options)
            yield outcome if isinstance(outcome, SkippedEntry) else (outcome, None)
        return
    chunks = [candidates[i : i + _CHUNK] for i in range(0, len(candidates), _CHUNK)]
    results = pool.start().map(_parse_chunk, [root] * len(chunks), chunks, [options] * len(chunks))
    for chunk_results in results:
        for encoded in chunk_results:
            yield encoded if isinstance(encoded, SkippedEntry) else (FileParse.from_json_text(encoded), encoded)


class _WorkerPool:
    """The parse worker processes of one scan, started at most once (when discovery has listed many paths, or
    when the parse begins with many files) and shut down when the parse is done: in the background, so that
    the scan does not wait for the workers' exit; by the end of the scan they are gone."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._pool: ProcessPoolExecutor | None = None
        self._closing: threading.Thread | None = None

    @property
    def started(self) -> bool:
        return self._pool is not None

    def start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # "spawn": forking a process that may hold driver threads (the API server) is unsafe.
            self._pool = ProcessPoolExecutor(max_workers=self.size, mp_context=multiprocessing.get_context("spawn"))
            for _ in range(self.size):  # each submission starts a process, which boots on its own
                self._pool.submit(_boot)
        return self._pool

    def close(self) -> None:
        """Let the idle workers exit while the scan goes on; ``__exit__`` waits for them."""
        if self._pool is not None and self._closing is None:
            self._closing = threading.Thread(target=self._pool.shutdown, name="parse-workers-exit")
            self._closing.start()

    def __enter__(self) -> _WorkerPool:
        return self

    def __exit__(self, *_exc: object) -> None:
        if self._closing is not None:
            self._closing.join()
        elif self._pool is not None:
            self._pool.shutdown(cancel_futures=True)


def _boot() -> None:
    """A worker's first task: by then it has imported this module and the parsers, before any file comes."""


def _parse_chunk(root: Path, candidates: Iterable[Candidate], options: ScanOptions) -> list[str | SkippedEntry]:
    """In a worker process: each parse as its JSON text (see the module's docstring)."""
    return [
        outcome if isinstance(outcome, SkippedEntry) else outcome.to_json_text()
        for outcome in (_read_and_parse(root, candidate, options) for candidate in candidates)
    ]


def _read_and_parse(root: Path, candidate: Candidate, options: ScanOptions) -> FileParse | SkippedEntry:
    data = read_candidate(root, candidate, options)
    if isinstance(data, SkippedEntry):
        return data
    return parse_file(candidate.path, candidate.language, data)
