"""``scan_tree``: discover, parse (reusing unchanged files of a previous scan), resolve, assemble."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from time import perf_counter

from rooms.ingest.assemble import assemble
from rooms.ingest.discovery import Candidate, discover, read_candidate
from rooms.ingest.options import ScanOptions
from rooms.ingest.parse import PARSER_VERSION, FileParse, parse_file
from rooms.ingest.records import ScanResult, SkippedEntry
from rooms.ingest.resolve import resolve

_UNCHANGED = "unchanged"
_PARALLEL_THRESHOLD = 200  # below this, starting worker processes costs more than it saves
_CHUNK = 64


def scan_tree(
    root: str | os.PathLike[str],
    options: ScanOptions | None = None,
    previous: ScanResult | Mapping[str, FileParse] | None = None,
) -> ScanResult:
    """Scan the tree at ``root`` into graph records.

    ``previous`` (a former result, or just its ``parses``) makes the scan incremental: files
    whose content hash, language and parser version are unchanged are not parsed again. The
    result is exactly what a fresh scan gives.
    """
    options = options or ScanOptions()
    root_path = Path(root).resolve()
    cache = previous.parses if isinstance(previous, ScanResult) else (previous or {})
    started = perf_counter()
    discovery = discover(root_path, options)
    discovered = perf_counter()

    jobs = [(c, _cached_hash(cache.get(c.path), c)) for c in discovery.candidates]
    parses: dict[str, FileParse] = {}
    skipped: list[SkippedEntry] = list(discovery.skipped)
    parsed = reused = 0
    for (candidate, _), outcome in zip(jobs, _process_all(root_path, jobs, options), strict=True):
        if isinstance(outcome, SkippedEntry):
            skipped.append(outcome)
        elif outcome == _UNCHANGED:
            parses[candidate.path] = cache[candidate.path]
            reused += 1
        else:
            parses[candidate.path] = outcome  # type: ignore[assignment]
            parsed += 1
    parsed_at = perf_counter()

    resolution = resolve(parses)
    resolved_at = perf_counter()
    result = assemble(
        parses, resolution, skipped,
        timings={
            "discover": discovered - started,
            "parse": parsed_at - discovered,
            "resolve": resolved_at - parsed_at,
        },
        files_parsed=parsed,
        files_reused=reused,
    )
    result.report.timings["assemble"] = perf_counter() - resolved_at  # type: ignore[index]
    return result


def _cached_hash(cached: FileParse | None, candidate: Candidate) -> str:
    """The content hash a cached parse is valid for; "" when there is no usable cache entry."""
    if cached is None or cached.language != candidate.language or cached.parser_version != PARSER_VERSION:
        return ""
    return cached.sha256


def _process_all(root: Path, jobs: list[tuple[Candidate, str]], options: ScanOptions
                 ) -> Iterator[FileParse | SkippedEntry | str]:
    workers = options.workers or os.cpu_count() or 1
    if workers <= 1 or len(jobs) < _PARALLEL_THRESHOLD:
        for candidate, cached_hash in jobs:
            yield _process(root, candidate, options, cached_hash)
        return
    # "spawn": forking a process that may hold driver threads (the API server) is unsafe.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        chunks = [jobs[i:i + _CHUNK] for i in range(0, len(jobs), _CHUNK)]
        for results in pool.map(_process_chunk, [root] * len(chunks), chunks, [options] * len(chunks)):
            yield from results


def _process_chunk(root: Path, jobs: Iterable[tuple[Candidate, str]], options: ScanOptions
                   ) -> list[FileParse | SkippedEntry | str]:
    return [_process(root, candidate, options, cached_hash) for candidate, cached_hash in jobs]


def _process(root: Path, candidate: Candidate, options: ScanOptions, cached_hash: str) -> FileParse | SkippedEntry | str:
    data = read_candidate(root, candidate, options)
    if isinstance(data, SkippedEntry):
        return data
    if cached_hash and hashlib.sha256(data).hexdigest() == cached_hash:
        return _UNCHANGED
    return parse_file(candidate.path, candidate.language, data)
