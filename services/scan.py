"""The scan flow: a repository path → code graph in Neo4j → clustering in GDS → candidate → store.

``ingest`` loads (or incrementally syncs) the code graph; ``scan`` adds the candidate and writes it in
the verb's own OCC transaction (F0c §1), with the scan report stored beside it.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter
from typing import Any

from graphdb import codegraph, store_writes
from graphdb.codegraph import LoadReport
from graphdb.database import Database
from graphdb.graph_facts import graph_facts
from graphdb.history import Actor
from graphdb.runners import pinned_runner
from ingest import ScanOptions, ScanResult, scan_tree
from rooms.candidate import CandidateReport, ClusterParams
from rooms.contract import NamedBy, SeedFile, SkeletonState, seed_from_store
from rooms.store_rules import CandidateWrite, VersionConflict
from services.naming import name_candidate


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
    result: ScanResult
    load: LoadReport
    seconds: float


def ingest(db: Database, root: Path, repo_id: str, options: ScanOptions | None = None) -> IngestOutcome:
    """Scan the tree and sync the code graph, the sync writing while the scan runs. Files whose content is
    unchanged since the stored parse are not parsed again (the result is exactly a fresh scan's)."""
    started = perf_counter()
    previous = codegraph.stored_parses(db, repo_id)
    result, load = codegraph.scan_and_sync(db, repo_id, lambda sink: scan_tree(root, options, previous, sink=sink))
    return IngestOutcome(result, load, perf_counter() - started)


@dataclass
class ScanOutcome:
    write: CandidateWrite | VersionConflict
    candidate: SeedFile
    report: dict[str, Any]  # what `report_document` made, as stored beside the store
    ingest: IngestOutcome


def report_document(
    report: CandidateReport, naming: str, ingested: IngestOutcome, timings: dict[str, float]
) -> dict[str, Any]:
    """The stored/served report: the candidate report, the naming used and an ingest summary."""
    ingest = ingested.result.report
    return {
        **report.model_dump(mode="json"),
        "naming": naming,
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


def _name(db: Database, repo_id: str, candidate: SeedFile, naming: str) -> tuple[SeedFile, str]:
    """F0c §3a: `auto` asks the pinned naming runner; blocks it does not name (absent, timeout, a refused
    answer) keep their heuristic labels, marked as needing the owner. Returns the seed and a report line."""
    runner = None if naming == "heuristic" else pinned_runner(db, repo_id)
    if runner is None:
        return candidate, "heuristic" if naming == "heuristic" else "heuristic (no pinned naming runner)"
    named = name_candidate(candidate, runner, graph_facts(db, repo_id))
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
    actor: Actor,
) -> ScanOutcome:
    """Ingest, cluster, build and write the candidate; a conflict writes no store (the graph is refreshed)."""
    # Here, not at the top: the GDS client is a heavy import that `coderooms ingest` alone never needs.
    from graphdb.gds import open_gds
    from services.candidate import build_candidate

    ingested = ingest(db, root, repo_id, options)
    current = store_writes.read_store(db, repo_id)
    previous = None
    if current is not None:
        previous = (
            current.candidate_revision if current.skeleton.state is SkeletonState.RATIFIED else seed_from_store(current)
        )
    started = perf_counter()
    gds = open_gds(db)
    try:
        candidate, report = build_candidate(
            db, gds, repo_id, params, previous=previous, source_commit=source_commit(root)
        )
    finally:
        gds.close()
    built = perf_counter()
    candidate, naming_used = _name(db, repo_id, candidate, naming)
    named = perf_counter()
    document = report_document(
        report,
        naming_used,
        ingested,
        {
            "ingest_s": round(ingested.seconds, 6),
            "candidate_s": round(built - started, 6),
            "naming_s": round(named - built, 6),
        },
    )
    write = store_writes.write_candidate(
        db, repo_id, expected, candidate, actor=actor, report_json=json.dumps(document, sort_keys=True)
    )
    return ScanOutcome(write, candidate, document, ingested)
