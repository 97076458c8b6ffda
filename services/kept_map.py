"""A rescan that keeps the map, when nothing the last scan built it from has changed.

The map is kept when:
- the store is the candidate the last scan wrote (the last line of its history is that scan's);
- this scan's levers are the last one's, and both name the blocks by heuristic (a runner's names could differ);
- the tree's edits since then change no node or edge of the code graph (``ingest.neutral_edits``).

Such a rescan neither resolves nor clusters. Its caller writes the same candidate again (with the tree's
source commit) and refreshes the edited files in the live generation, in one transaction. The report is the
last one's, with this scan's discovery. The map is the one the last scan built from the same code graph.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graphdb import store_writes
from graphdb.codegraph.generations import Binding
from graphdb.database import Database
from graphdb.history import history
from graphdb.runners import pinned_runner
from ingest import Edits, StoredFile, Survey, neutral_edits
from rooms.candidate import ClusterParams
from rooms.contract import BlockState, SeedFile, SkeletonState, Store, seed_from_store


@dataclass(frozen=True)
class KeptMap:
    candidate: SeedFile  # the store's (its source commit is the caller's to update)
    report: dict[str, Any]  # the last scan's, with this scan's discovery; its timings are the caller's
    edits: Edits
    files: list[str]  # the code graph's, sorted
    socket_edges: dict[tuple[str, str], int]  # each socket's edges, as the last scan counted them


def last_scan_report(
    db: Database,
    repo_id: str,
    current: Store | None,
    bound: Binding,
    root: Path,
    params: ClusterParams,
    naming: str,
) -> dict[str, Any] | None:
    """The last scan's report when all but the tree is as that scan left it: the store is the candidate it
    wrote, the live generation is its own, of this directory, and this scan's levers and naming are its."""
    if current is None or current.skeleton.state is not SkeletonState.CANDIDATE:
        return None
    if any(block.state is BlockState.RATIFIED for block in current.blocks):
        return None  # part-signed: a rescan writes a revision beside the signed blocks
    if bound.live == repo_id or bound.root != str(root):
        return None  # a graph loaded before generations, or another directory
    last = history(db, repo_id, 1)
    if not last or last[-1]["kind"] != "scan" or last[-1]["store_version"] != current.store_version:
        return None
    text = store_writes.scan_report(db, repo_id)
    report: dict[str, Any] = json.loads(text) if text else {}
    if "socket_edges" not in report or report.get("parameters") != params.model_dump(mode="json"):
        return None  # a report of an earlier version, or other levers
    if not str(report.get("naming", "")).startswith("heuristic"):
        return None
    if naming != "heuristic" and pinned_runner(db, repo_id) is not None:
        return None  # a runner's names could differ from the last
    return report


def kept_map(
    report: dict[str, Any], current: Store, surveyed: Survey, stored: dict[str, StoredFile], naming: str
) -> KeptMap | None:
    """The map to keep, when the tree's edits since the scan of ``report`` change no node or edge of the live
    generation (``stored``: its files); else None."""
    edits = neutral_edits(surveyed, stored)
    if edits is None:
        return None
    skipped = Counter(entry.reason for entry in set(edits.skipped))
    document = {
        **report,
        "naming": "heuristic" if naming == "heuristic" else "heuristic (no pinned naming runner)",
        "ingest": {**report["ingest"], "skipped_by_reason": dict(sorted(skipped.items()))},
        "kept": {"edited_files": len(edits.parses)},
    }
    counts = {(source, target): edges for source, target, edges in report["socket_edges"]}
    return KeptMap(seed_from_store(current), document, edits, sorted(stored), counts)
