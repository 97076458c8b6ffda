"""The server's warm-up: what `coderooms db start` runs once the server it started answers.

A freshly started server loads the classes of Cypher's planner and runtime, of its write path and of the GDS
procedures, plans each statement and JIT-compiles what runs hot, all during its first scans and on the CPUs
the scan parses on: without a warm-up the user's first scan pays for all of it. The warm-up is ``SCANS``
real scans of Code Rooms' own domain package (real code, present wherever Code Rooms is installed), each
into a throwaway repository of its own, so that each writes its whole graph and map as a first scan does,
deleted right after it; the schema is applied first. An optional ``progress(WARMING_UP, done, SCANS)``
hears each scan done.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter

import rooms
from graphdb.codegraph.generations import delete_repository
from graphdb.database import Database
from graphdb.history import Actor
from rooms.contract import Seat
from rooms.progress import Progress, no_progress
from rooms.store_rules import VersionConflict
from services.scan import scan

# A server gets faster over many scans, not only its first: the JIT compiles what stays hot. Fewer warm-up scans
# leave more of that to the user's first scans; more lengthen `db start` for less gain (bench/scan/README.md).
SCANS = 12
WARMING_UP = "warming up"
WARM_UP_ACTOR = Actor(Seat.OWNER, "warm-up")


@dataclass(frozen=True)
class WarmUp:
    scans: int
    files: int  # that each scan read
    seconds: float


def warm_up(db: Database, progress: Progress = no_progress) -> WarmUp:
    """Apply the schema, as the command line's scan does first, then scan the warm-up tree ``SCANS`` times,
    each time into a fresh repository deleted afterwards."""
    started = perf_counter()
    # Creating an index empties the server's plan caches: on a new instance, the user's first scan would otherwise
    # create the schema after the warm-up and plan every statement again.
    db.apply_schema()
    tree = Path(rooms.__file__).resolve().parent
    files = 0
    for done in range(SCANS):
        progress(WARMING_UP, done, SCANS)
        repo_id = f"coderooms-warm-up-{uuid.uuid4().hex[:12]}"
        try:
            outcome = scan(db, tree, repo_id, None, naming="heuristic", actor=WARM_UP_ACTOR)
            if isinstance(outcome, VersionConflict):  # nothing else writes a repository of this id
                raise RuntimeError(f"the warm-up's scan of {repo_id} lost its version check")
            files = len(outcome.files)
        finally:
            delete_repository(db, repo_id)
    progress(WARMING_UP, SCANS, SCANS)
    return WarmUp(SCANS, files, perf_counter() - started)
