"""Scans of 1,000 to 100,000 files of real source: a full scan, an unchanged rescan, a rescan after one file was
edited, one after a file was added and one after it was removed again, all of the same repository id; how the
full scan's time grows with the tree."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from bench.scan import cli
from bench.scan.inventory import inventory
from bench.scan.marks import load, mb, verdict
from bench.scan.repos import forget, fresh_repo_id
from bench.scan.scale_trees import Sources, build, one_file_added, one_file_changed
from bench.scan.server import server_rss_mb

ONE_FILE_TARGET = 0.10  # one-file rescan / full scan, from ONE_FILE_FROM files on
ONE_FILE_FROM = 10_000
GROWTH_TARGET = 12.0  # the full scan's time per 10x the files
LARGEST = 100_000
LARGEST_SECONDS = 240.0
LARGEST_RSS_MB = 1536.0  # 1.5 GB

HEADER = (
    f"{'files':>8} {'full s':>8} {'RSS MB':>7} {'Neo4j MB':>9} {'unchanged s':>12} {'one-file s':>11} "
    f"{'one/full':>13} {'added s':>8} {'removed s':>10} {'removed/full':>13} {'growth/10x':>14} {'load':>5}"
)
LEGEND = f"""\
files = source files in the tree (copies of the real trees' source under copy-NNNN/<tree>/, cached under
<cache>/trees/scale-<files>). Five whole `coderooms scan` processes of one fresh repository id, deleted after:
full s = the first scan; unchanged s = the second, with nothing changed; one-file s = the third, after a comment
line was appended to one source file (restored after it). Neither changes a node or an edge: the map is kept
(`services.kept_map`). added s = the fourth, after a copy of that file was added beside it: the graph changes, so
the scan loads (into the other generation, empty until then: the whole tree is written) and clusters; removed s =
the fifth, the copy gone again: it loads into the first scan's generation, writing only what changed, and
clusters: what a rescan after an edit that changes the graph costs. removed/full = removed s / full s.
RSS MB = the full scan's peak resident set (the command line or its parse workers, the larger); Neo4j MB = the
local server's resident set after the full scan. one/full = one-file s / full s (target <= {ONE_FILE_TARGET} from
{ONE_FILE_FROM:,} files on). growth/10x = how many times longer the full scan takes for 10 times the files, from the
size above (target <= {GROWTH_TARGET:.0f}). {LARGEST:,} files: full scan < {LARGEST_SECONDS:.0f} s and RSS < 1.5 GB
({LARGEST_RSS_MB:.0f} MB)."""


@dataclass(frozen=True)
class Sized:
    files: int
    full: cli.CliRun
    unchanged: cli.CliRun
    one_file: cli.CliRun
    added: cli.CliRun
    removed: cli.CliRun
    changed: str  # the file the third scan saw changed
    server_after: float | None  # after the full scan


def measure(tree: Path) -> Sized:
    repo_id = fresh_repo_id()
    try:
        full = cli.scan(tree, repo_id)
        server = server_rss_mb()
        unchanged = cli.scan(tree, repo_id)
        with one_file_changed(tree) as changed:
            one_file = cli.scan(tree, repo_id)
        with one_file_added(tree):
            added = cli.scan(tree, repo_id)
        removed = cli.scan(tree, repo_id)
    finally:
        forget(repo_id)
    return Sized(len(inventory(tree).files), full, unchanged, one_file, added, removed, changed, server)


def growth(smaller: Sized, larger: Sized) -> float:
    """The time ratio per tenfold files between two sizes (their ratio itself when they are 10x apart)."""
    return (larger.full.seconds / smaller.full.seconds) ** (1 / math.log10(larger.files / smaller.files))


def line(sized: Sized, previous: Sized | None) -> str:
    ratio = sized.one_file.seconds / sized.full.seconds
    one = f"{ratio:.3f}" + (f" {verdict(ratio, ONE_FILE_TARGET)}" if sized.files >= ONE_FILE_FROM else "")
    grown = "-"
    if previous is not None:
        per_ten = growth(previous, sized)
        grown = f"{per_ten:.1f} {verdict(per_ten, GROWTH_TARGET)}"
    removed = f"{sized.removed.seconds / sized.full.seconds:.3f}"
    return (
        f"{sized.files:>8,} {sized.full.seconds:8.1f} {sized.full.peak_rss_mb:7.0f} {mb(sized.server_after):>9} "
        f"{sized.unchanged.seconds:12.1f} {sized.one_file.seconds:11.1f} {one:>13} {sized.added.seconds:8.1f} "
        f"{sized.removed.seconds:10.1f} {removed:>13} {grown:>14} {load():5.1f}"
    )


def run(sizes: list[int], cache: Path, sources: Sources) -> None:
    print("== scale: full scan; rescans unchanged, after a one-file edit, a file added and removed again")
    print(HEADER)
    print("-" * len(HEADER))
    rows: list[Sized] = []
    failures: list[str] = []
    for size in sizes:
        tree = build(cache / "trees" / f"scale-{size}", size, sources)
        try:
            rows.append(measure(tree))
        except cli.Failed as exc:  # the table goes on; what failed, and after how long, is said
            print(f"{size:>8,} failed after {exc.run.seconds:.0f} s at {exc.run.peak_rss_mb:.0f} MB RSS", flush=True)
            failures.append(f"  {size:,} files: {exc.run.stderr.splitlines()[-1][:400] if exc.run.stderr else exc}")
            continue
        print(line(rows[-1], rows[-2] if len(rows) > 1 else None), flush=True)
    print()
    print(LEGEND)
    for failure in failures:
        print(failure)
    for sized in rows:
        print(f"  {sized.files:,} files: the one-file rescan changed {sized.changed}")
        for note in cli.stderr_notes(
            f"{sized.files:,} files", [sized.full, sized.unchanged, sized.one_file, sized.added, sized.removed]
        ):
            print(f"  {note}")
    largest = next((sized for sized in rows if sized.files >= LARGEST), None)
    if largest is not None:
        print(
            f"  {largest.files:,} files: full scan {largest.full.seconds:.0f} s "
            f"({verdict(largest.full.seconds, LARGEST_SECONDS)}: < {LARGEST_SECONDS:.0f} s), "
            f"RSS {largest.full.peak_rss_mb:.0f} MB ({verdict(largest.full.peak_rss_mb, LARGEST_RSS_MB)}: < 1.5 GB)"
        )
    print()
