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


def _first_scans(
    tree: Path, repeat: int, settle: int, *start_flags: str
) -> tuple[float, float, list[float], list[float]]:
    """(db start's seconds, the first scan's, the settling scans', the warm scans') after a restart with
    ``start_flags``: ``settle`` scans after the first, then ``repeat`` warm ones."""
    cli.coderooms("db", "stop")
    started = cli.coderooms("db", "start", *start_flags).seconds
    cold = scan_seconds(tree)
    settling = [scan_seconds(tree) for _ in range(settle)]
    return started, cold, settling, [scan_seconds(tree) for _ in range(max(1, repeat))]


def _seconds(values: list[float]) -> str:
    return ", ".join(f"{s:.1f}" for s in values)


def run(name: str, tree: Path, repeat: int, settle: int) -> None:
    print(f"== cold first scan: {name}")
    if DbSettings().external:
        print("skipped: NEO4J_URI names an external database, which this bench does not restart")
        print()
        return
    # The same command line and environment (so the same instance) as the scans. The baseline first: the server
    # started without its warm-up, as before it had one.
    for label, flags in (("without warm-up (baseline)", ("--no-warm-up",)), ("db start as users run it", ())):
        started, cold, settling, warm = _first_scans(tree, repeat, settle, *flags)
        ratio = cold / median(warm)
        print(
            f"{label}: db start {started:.1f} s; first scan {cold:.1f} s (db start + first scan "
            f"{started + cold:.1f} s); settling {_seconds(settling) or '-'} s; warm {_seconds(warm)} s, "
            f"median {median(warm):.1f} s; ratio {ratio:.2f} (target <= {TARGET}: {verdict(ratio, TARGET)})",
            flush=True,
        )
    print(f"({load_line()})")
    print(
        "first scan = the first `coderooms scan` once `coderooms db start` has returned; settling = the scans of\n"
        f"the same tree after it (--settle, {settle}: a fresh server loads classes, plans statements and JIT-compiles\n"
        "over its first scans, not only the first); warm = the scans after those, on a server that has settled;\n"
        "ratio = first / warm median (target <= 1.3). `db start` warms the server up with scans of Code Rooms' own\n"
        "rooms/ package (services/warm_up.py), which the baseline start skips (--no-warm-up). Each scan is the\n"
        "whole process, under a fresh repository id, deleted afterwards."
    )
    print(flush=True)
