"""One measured ingest, in a process of its own (so its peak RSS and CPU time are its own): scan a tree,
load it into a fresh repository id, print one JSON line of figures; then load the same records again, with
nothing else running, ``ALONE_LOADS`` times, each into a fresh id deleted before the next, and print the
median load's figures (and every load's rate) on a second line; then delete what it loaded. The database
server's CPU time over the ingest is in the figures too when it is the local instance (``coderooms db
start``), whose process this machine can see.

    .venv/bin/python -m bench.ingest.one TREE
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import uuid
from pathlib import Path
from time import perf_counter

from api.process_tuning import tune_cli
from bench.cpu import process_cpu_seconds
from bench.ingest.emerge import pruned_dir_names
from graphdb import codegraph
from graphdb.codegraph.generations import delete_repository
from graphdb.database import Database
from graphdb.runtime import LocalInstance
from graphdb.settings import DbSettings
from ingest import ParseSink, ScanOptions, ScanResult, scan_tree

# A load of a small tree's records alone takes 0.1-0.4 s, so one is at the mercy of the machine's drift: the
# figure is the median of these.
ALONE_LOADS = 3


def _peak_mb(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # KiB on Linux


def _cpu_seconds() -> float:
    """User and system time of this process and of its ended children (the scan's parse workers)."""
    return sum(
        usage.ru_utime + usage.ru_stime
        for usage in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
    )


def server_pid() -> int | None:
    """The database server's process when it is the local instance."""
    settings = DbSettings()
    return None if settings.external else LocalInstance(settings).running_pid()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    args = parser.parse_args(argv)
    tune_cli()  # as the `coderooms` command line does
    db = Database.connect()
    db.apply_schema()
    repo_id = f"bench-ingest-{uuid.uuid4().hex[:8]}"
    server = server_pid()
    try:
        server_started = process_cpu_seconds(server)
        started = perf_counter()
        scanned: list[float] = []

        def scan(sink: ParseSink) -> ScanResult:
            result = scan_tree(args.tree, ScanOptions(use_git=False), sink=sink)
            scanned.append(perf_counter())
            return result

        result, load = codegraph.scan_and_sync(db, repo_id, scan)
        seconds = perf_counter() - started
        server_ended = process_cpu_seconds(server)
        figures = {
            "files": len(result.files),
            "files_by_language": dict(result.report.files_by_language),
            "pruned_dirs": pruned_dir_names(result.report.skipped),
            "symbols": len(result.symbols),
            "edges": len(result.edges),
            # The load begins during the scan: its part after the scan, and its rate over all of it.
            "timings": {**result.report.timings, "write": started + seconds - scanned[0]},
            "seconds": seconds,
            "writes": load.nodes_written + load.relationships_written,
            "write_rate": load.writes_per_second,
            "peak_rss_mb": _peak_mb(resource.RUSAGE_SELF),
            "worker_peak_rss_mb": _peak_mb(resource.RUSAGE_CHILDREN),
            # from the interpreter's start, as the parent's clock
            "cpu_s": _cpu_seconds(),
            "db_cpu_s": None if server_started is None or server_ended is None else server_ended - server_started,
        }
        print(json.dumps(figures), flush=True)  # the parent stops the ingest clock on this line
        # The database's write rate on its own: the same records loaded again, into fresh repository ids, with
        # no scan beside the load (the ingest's own load shares the CPUs with the parse).
        alone = []
        for index in range(ALONE_LOADS):
            bulk_id = f"{repo_id}-alone-{index}"
            try:
                alone.append(codegraph.sync_repo(db, bulk_id, result))
            finally:
                delete_repository(db, bulk_id)
        median = statistics.median_low(load.seconds for load in alone)
        writes = alone[0].nodes_written + alone[0].relationships_written
        print(
            json.dumps(
                {
                    "writes": writes,
                    "seconds": median,
                    "write_rate": writes / median,
                    "write_rates": [load.writes_per_second for load in alone],
                }
            ),
            flush=True,
        )
    finally:
        delete_repository(db, repo_id)
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
