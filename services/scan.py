"""The scan flow: a repository path → code graph in Neo4j → clustering in GDS → candidate → store.

``ingest`` loads (or incrementally syncs) the code graph; ``scan`` adds the candidate and writes it in
the verb's own OCC transaction (F0c §1), with the scan report stored beside it.

Both check, then write. Each holds the repository's scan lock (``graphdb.scan_lock``: one scan of a
repository at a time, whichever process runs it) and refuses, before writing anything, a directory other
than the one the repository is bound to unless asked to ``rebind`` (the caller checks that the owner asks).
A scan also refuses a stale expected version before it reads the tree, and loads the code graph into a
staging generation (``graphdb.codegraph.generations``) that becomes live only in the store transaction
that wins the version check; a scan refused or failed after that deletes what it staged. Refusals are
``ScanRefused`` with a stable code (``scan_in_progress``, ``path_rebind_refused``).

Both tell an optional ``progress(phase, done, total)`` of their steps, in the order of ``PHASES``
(``done``/``total`` count files while parsing, 0/0 elsewhere). The callback may raise to stop the scan
(``services.scan_jobs`` does when a job is cancelled): the scan then deletes its staging like any failure.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from time import perf_counter
from typing import Any

from neo4j import ManagedTransaction

from graphdb import codegraph, store_writes
from graphdb.codegraph import LoadReport, generations
from graphdb.database import Database
from graphdb.graph_facts import graph_facts
from graphdb.history import Actor
from graphdb.runners import pinned_runner
from graphdb.scan_lock import ScanInProgress, scan_lock
from ingest import FileParse, ParseSink, ScanOptions, ScanReport, ScanResult, Survey, scan_tree, survey_tree
from rooms.candidate import CandidateReport, ClusterParams, FileEdge, FileInfo
from rooms.candidate.sockets import TEST_ONLY
from rooms.contract import ErrorCode, NamedBy, SeedFile, SkeletonState, Store, seed_from_store
from rooms.picture import block_files, edge_counts
from rooms.progress import Progress, no_progress
from rooms.store_rules import CandidateWrite, VersionConflict, version_conflict
from services.candidate import candidate_from_input, collect_input
from services.kept_map import KeptMap, kept_map, last_scan_report
from services.naming import name_candidate

Pair = tuple[str, str]  # a source block and the block it depends on

# A scan's steps in order; ingest stops after "loading" (the code graph written).
PHASES = ("discovering", "parsing", "resolving", "loading", "clustering", "naming", "writing")


class ScanRefused(Exception):
    """A scan or ingest refused with nothing written; ``code`` is its stable error code."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


def default_repo_id(root: Path) -> str:
    """A repository id from the directory name: lower case, [a-z0-9._-] only."""
    name = re.sub(r"[^a-z0-9._-]+", "-", root.resolve().name.lower())[:100].strip("-._")
    return name or "repo"


def source_commit(root: Path) -> str:
    try:
        done = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


@dataclass
class IngestOutcome:
    report: ScanReport  # the scan's; its records and parses are in the code graph, not held past the load
    load: LoadReport
    seconds: float


@contextmanager
def _checked(db: Database, root: Path, repo_id: str, rebind: bool) -> Iterator[tuple[str, generations.Binding]]:
    """The repository's scan lock (its holder id) and binding, once the directory is allowed."""
    try:
        with scan_lock(db, repo_id) as holder:
            bound = generations.binding(db, repo_id)
            if bound.root is not None and bound.root != str(root) and not rebind:
                raise ScanRefused(
                    ErrorCode.PATH_REBIND_REFUSED,
                    f"{repo_id!r} was scanned from {bound.root}, not {root}; the owner may rebind it to this directory",
                )
            yield holder, bound
    except ScanInProgress as exc:  # raised only on taking the lock
        raise ScanRefused(ErrorCode.SCAN_IN_PROGRESS, str(exc)) from exc


def _sync(
    db: Database,
    root: Path,
    graph: str,
    previous: Mapping[str, FileParse],
    options: ScanOptions | None,
    progress: Progress,
    started: float,
    surveyed: Survey | None = None,
) -> IngestOutcome:
    """Scan the tree and sync the code graph ``graph``, the sync writing while the scan runs. Files whose
    content is unchanged since their ``previous`` parse are not parsed again (the result is exactly a fresh
    scan's); nor are those ``surveyed`` read or parsed. ``started``: when the scan began reading, for its
    seconds."""

    def scanned(sink: ParseSink) -> ScanResult:
        result = scan_tree(root, options, previous, sink=sink, progress=progress, survey=surveyed)
        progress("loading", 0, 0)  # what the loader has not written while the scan ran
        return result

    result, load = codegraph.scan_and_sync(db, graph, scanned)
    return IngestOutcome(result.report, load, perf_counter() - started)


def ingest(
    db: Database,
    root: Path,
    repo_id: str,
    options: ScanOptions | None = None,
    *,
    rebind: bool = False,
    progress: Progress | None = None,
) -> IngestOutcome:
    """Sync the repository's live code graph with the tree, in place (no store, so no version to lose)."""
    with _checked(db, root, repo_id, rebind) as (holder, bound):
        started = perf_counter()
        previous = codegraph.stored_parses(db, bound.live)
        outcome = _sync(db, root, bound.live, previous, options, progress or no_progress, started)
        try:
            db.write(partial(generations.promote, repo_id=repo_id, graph=bound.live, root=str(root), holder=holder))
        except generations.ScanLockLost as exc:
            raise ScanRefused(ErrorCode.SCAN_IN_PROGRESS, _lock_lost(repo_id)) from exc
        return outcome


def _lock_lost(repo_id: str) -> str:
    return f"the scan's lock of {repo_id!r} expired and another scan took it over; scan again"


@dataclass(frozen=True)
class SocketEdges:
    """An internal socket of the candidate: ``source`` depends on ``target`` through ``edges`` file-level
    edges of the code graph (imports, calls, inheritance; one per source file, target file and kind)."""

    source: str
    target: str
    edges: int
    type: str | None
    test_only: bool


@dataclass
class ScanOutcome:
    write: CandidateWrite
    candidate: SeedFile
    report: dict[str, Any]  # what `report_document` made, as stored beside the store
    files: list[str]  # the code graph's, sorted
    sockets: list[SocketEdges]  # most edges first


def socket_counts(candidate: SeedFile, files: Sequence[FileInfo], edges: Sequence[FileEdge]) -> dict[Pair, int]:
    """Edges between the candidate's blocks, counted as the picture counts them (``rooms.picture.edge_counts``:
    one per source file, target file and kind, from the files of one block to those of another)."""
    paths = [f.path for f in files]
    return edge_counts(block_files(candidate.blocks, paths), ((e.source, e.target, e.kind) for e in edges))


def socket_edges(candidate: SeedFile, counts: Mapping[Pair, int]) -> list[SocketEdges]:
    """The candidate's internal sockets with their edge counts (``socket_counts`` on the graph the candidate
    was built from)."""
    found = [
        SocketEdges(block.block_id, s.to, counts.get((block.block_id, s.to), 0), s.type, s.class_ == TEST_ONLY)
        for block in candidate.blocks
        for s in block.sockets.inputs
        if s.to is not None
    ]
    return sorted(found, key=lambda s: (-s.edges, s.source, s.target))


def report_document(
    report: CandidateReport,
    naming: str,
    ingested: IngestOutcome,
    sockets: Sequence[SocketEdges],
    timings: dict[str, float],
) -> dict[str, Any]:
    """The stored/served report: the candidate report, the naming used, an ingest summary and the sockets'
    edge counts (a rescan that keeps the map reads them here)."""
    ingest = ingested.report
    return {
        **report.model_dump(mode="json"),
        "naming": naming,
        "socket_edges": sorted([s.source, s.target, s.edges] for s in sockets),
        "ingest": {
            "files_by_language": dict(ingest.files_by_language),
            "skipped_by_reason": dict(ingest.skipped_by_reason),
            "symbols": ingest.symbols,
            "edges_by_kind": dict(ingest.edges_by_kind),
            "unresolved_references": ingest.unresolved_references,
            "issues": len(ingest.issues),
        },
        "timings": {**report.timings, **timings},
    }


def _name(db: Database, repo_id: str, graph: str, candidate: SeedFile, naming: str) -> tuple[SeedFile, str]:
    """F0c §3a: `auto` asks the pinned naming runner; blocks it does not name (absent, timeout, a refused
    answer) keep their heuristic labels, marked as needing the owner. Returns the seed and a report line."""
    runner = None if naming == "heuristic" else pinned_runner(db, repo_id)
    if runner is None:
        return candidate, "heuristic" if naming == "heuristic" else "heuristic (no pinned naming runner)"
    named = name_candidate(candidate, runner, graph_facts(db, graph))
    by_runner = sum(1 for b in named.blocks if b.candidate_meta and b.candidate_meta.named_by is NamedBy.RUNNER)
    return named, f"runner {runner.runner_id}: {by_runner} of {len(named.blocks)} blocks named"


def scan(
    db: Database,
    root: Path,
    repo_id: str,
    expected: int | None,
    *,
    params: ClusterParams | None = None,
    naming: str = "auto",
    options: ScanOptions | None = None,
    rebind: bool = False,
    actor: Actor,
    progress: Progress | None = None,
) -> ScanOutcome | VersionConflict:
    """Ingest, cluster, build and write the candidate; or, when nothing the map was built from changed, keep
    the map (``services.kept_map``). A conflict, like a refusal, leaves the store and the live code graph as
    they were."""
    progress = progress or no_progress
    params = params or ClusterParams()
    with _checked(db, root, repo_id, rebind) as (holder, bound):
        current = store_writes.read_store(db, repo_id)
        if (conflict := version_conflict(current, expected)) is not None:
            return conflict
        started = perf_counter()
        stored = codegraph.stored_files(db, bound.live)
        surveyed = None
        report = last_scan_report(db, repo_id, current, bound, root, params, naming)
        if report is not None and current is not None:
            surveyed = survey_tree(root.resolve(), options or ScanOptions(), progress)
            kept = kept_map(report, current, surveyed, stored, naming)
            if kept is not None:
                try:
                    return _write_kept(db, root, repo_id, expected, bound, holder, kept, actor, progress, started)
                except generations.ScanLockLost as exc:
                    raise ScanRefused(ErrorCode.SCAN_IN_PROGRESS, _lock_lost(repo_id)) from exc
        staging = bound.staging
        try:
            outcome = _scan_into(
                db,
                root,
                repo_id,
                expected,
                current,
                bound,
                staging,
                holder,
                params,
                naming,
                options,
                actor,
                progress,
                codegraph.parses_of(stored),
                surveyed,
                started,
            )
        except generations.ScanLockLost as exc:
            generations.delete_generation(db, staging)
            raise ScanRefused(ErrorCode.SCAN_IN_PROGRESS, _lock_lost(repo_id)) from exc
        except BaseException:
            generations.delete_generation(db, staging)
            raise
        if isinstance(outcome, VersionConflict):
            generations.delete_generation(db, staging)
        elif bound.live == repo_id:
            # A graph loaded before generations: superseded, and never a staging base (those have a `~`).
            codegraph.delete_code_graph(db, repo_id)
        return outcome


def _scan_into(
    db: Database,
    root: Path,
    repo_id: str,
    expected: int | None,
    current: Store | None,
    bound: generations.Binding,
    staging: str,
    holder: str,
    params: ClusterParams,
    naming: str,
    options: ScanOptions | None,
    actor: Actor,
    progress: Progress,
    previous_parses: Mapping[str, FileParse],
    surveyed: Survey | None,
    started: float,
) -> ScanOutcome | VersionConflict:
    """``scan`` once checked: the tree loaded into ``staging`` (``previous_parses``: the live generation's;
    ``surveyed``: the tree as the check for a kept map read it), clustered and written with it made live."""
    ingested = _sync(db, root, staging, previous_parses, options, progress, started, surveyed)
    progress("clustering", 0, 0)
    previous = None
    if current is not None:
        previous = (
            current.candidate_revision if current.skeleton.state is SkeletonState.RATIFIED else seed_from_store(current)
        )
    started = perf_counter()
    data, assignments, timings = collect_input(
        db, repo_id, params, previous=previous, source_commit=source_commit(root), graph=staging, seeds_from=bound.live
    )
    candidate, report = candidate_from_input(data, assignments, timings, params, previous=previous, started=started)
    built = perf_counter()
    progress("naming", 0, 0)
    candidate, naming_used = _name(db, repo_id, staging, candidate, naming)
    named = perf_counter()
    progress("writing", 0, 0)  # the last chance to stop: from here the scan writes or fails whole
    sockets = socket_edges(candidate, socket_counts(candidate, data.files, data.edges))
    document = report_document(
        report,
        naming_used,
        ingested,
        sockets,
        {
            "ingest_s": round(ingested.seconds, 6),
            "candidate_s": round(built - started, 6),
            "naming_s": round(named - built, 6),
        },
    )
    promote = partial(generations.promote, repo_id=repo_id, graph=staging, root=str(root), holder=holder)
    files = [f.path for f in data.files]
    return _write(db, repo_id, expected, actor, candidate, document, files, sockets, promote)


def _write(
    db: Database,
    repo_id: str,
    expected: int | None,
    actor: Actor,
    candidate: SeedFile,
    report: dict[str, Any],
    files: list[str],
    sockets: list[SocketEdges],
    also: Callable[[ManagedTransaction], None],
) -> ScanOutcome | VersionConflict:
    """The candidate and its report written, ``also`` in the same transaction."""
    report_json = json.dumps(report, sort_keys=True)
    write = store_writes.write_candidate(
        db, repo_id, expected, candidate, actor=actor, report_json=report_json, also=also
    )
    return write if isinstance(write, VersionConflict) else ScanOutcome(write, candidate, report, files, sockets)


def _write_kept(
    db: Database,
    root: Path,
    repo_id: str,
    expected: int | None,
    bound: generations.Binding,
    holder: str,
    kept: KeptMap,
    actor: Actor,
    progress: Progress,
    started: float,
) -> ScanOutcome | VersionConflict:
    """The kept map written again, with the edited files refreshed in the live generation in its transaction."""
    progress("writing", 0, 0)
    seed = kept.candidate
    candidate = seed.model_copy(update={"repo": seed.repo.model_copy(update={"source_commit": source_commit(root)})})
    document = {**kept.report, "timings": {"ingest_s": round(perf_counter() - started, 6)}}

    def refresh(tx: ManagedTransaction) -> None:
        generations.promote(tx, repo_id=repo_id, graph=bound.live, root=str(root), holder=holder)
        codegraph.refresh_files(tx, bound.live, kept.edits.parses)

    sockets = socket_edges(candidate, kept.socket_edges)
    return _write(db, repo_id, expected, actor, candidate, document, kept.files, sockets, refresh)
