"""The first scan after the database server starts, against warm scans of the same tree."""

from __future__ import annotations

from pathlib import Path

from bench.scan import cli
from bench.scan.marks import load_line, median, verdict
from bench.scan.repos import forget, fresh_repo_id
from graphdb.settings import DbSettings

TARGET = 1.3  # cold / warm median


def scan_seconds(tree: Path) -> float:
    """One whole ``coderooms scan`` under a fresh repository id, deleted afterwards."""
    repo_id = fresh_repo_id()
    try:
        return cli.scan(tree, repo_id).seconds
    finally:
        forget(repo_id)


def run(name: str, tree: Path, repeat: int) -> None:
    print(f"== cold first scan: {name}")
    if DbSettings().external:
        print("skipped: NEO4J_URI names an external database, which this bench does not restart")
        print()
        return
    # The same command line and environment (so the same instance) as the scans.
    stopped = cli.coderooms("db", "stop").seconds
    started = cli.coderooms("db", "start").seconds
    cold = scan_seconds(tree)
    warm = [scan_seconds(tree) for _ in range(max(1, repeat))]
    ratio = cold / median(warm)
    print(f"db stop {stopped:.1f} s, db start {started:.1f} s")
    print(
        f"cold {cold:.1f} s; warm {', '.join(f'{s:.1f}' for s in warm)} s, median {median(warm):.1f} s; "
        f"ratio {ratio:.2f} (target <= {TARGET}: {verdict(ratio, TARGET)})"
    )
    print(f"({load_line()})")
    print(
        "cold = the first `coderooms scan` once `coderooms db start` has returned (a fresh server compiles its\n"
        "write path over its first loads: see bench/ingest's README); warm = the scans of the same tree after it.\n"
        "Each scan is the whole process, under a fresh repository id, deleted afterwards. ratio = cold / warm\n"
        f"median (target <= {TARGET})."
    )
    print(flush=True)
