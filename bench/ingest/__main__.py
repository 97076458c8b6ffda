"""bench/ingest: our full ingest (discover, parse, resolve, write to Neo4j) against the peer tool
emerge-viz, on real trees and a generated one.

    .venv/bin/python -m bench.ingest [--trees django,three,...] [--synthetic 50000] [--no-emerge]

Needs a database (`coderooms db start`, or NEO4J_URI) and, the first time, the package registries
(sdists via pip, packages via npm, emerge-viz into its own virtualenv); everything is cached under
``~/.cache/coderooms/bench/`` (``--cache``). Each ingest runs in a process of its own
(``bench.ingest.one``) for its peak RSS, and so does emerge; both clocks are wall clocks around the
whole process. Prints, per tree: files, our time by phase (start-up first), ours in all, emerge's, the
ratio, files/s, nodes+relationships written per second (over the ingest's load, and over the same records
loaded again on their own), peak RSS and the machine's load. Nothing here
runs in the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from bench.ingest.emerge import run_emerge
from bench.ingest.synthetic import generate
from bench.ingest.trees import SOURCES, fetch

DEFAULT_CACHE = Path.home() / ".cache" / "coderooms" / "bench"


def run_ours(tree: Path) -> tuple[float, dict, dict]:
    """(wall seconds of the ingest, its figures, the figures of the same records loaded alone)."""
    command = [sys.executable, "-m", "bench.ingest.one", str(tree)]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[2])
    assert process.stdout is not None
    first = process.stdout.readline()
    seconds = time.perf_counter() - started
    alone = process.stdout.readline()
    if process.wait() != 0 or not first or not alone:
        raise SystemExit(f"bench.ingest.one failed on {tree} (exit {process.returncode})")
    return seconds, json.loads(first), json.loads(alone)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", default=",".join(s.name for s in SOURCES),
                        help="comma-separated names of the real trees (default: all)")
    parser.add_argument("--synthetic", type=int, default=50_000, help="files of the generated tree (0: none)")
    parser.add_argument("--no-emerge", action="store_true", help="skip the peer tool")
    parser.add_argument("--emerge-timeout", type=float, default=3600.0)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args(argv)

    wanted = [name for name in args.trees.split(",") if name]
    trees = [(s.name, s.languages, fetch(s, args.cache)) for s in SOURCES if s.name in wanted]
    if args.synthetic:
        root = generate(args.cache / "trees" / f"synthetic-{args.synthetic}", args.synthetic)
        trees.append((root.name, "Python, TypeScript (generated)", root))

    header = (f"{'tree':<16}{'files':>7} {'start':>6} {'disc':>6} {'parse':>7} {'resolve':>7} {'write':>7} "
              f"{'ours':>7} {'emerge':>8} {'ratio':>6} {'files/s':>8} {'writes':>8} {'writes/s':>9} {'alone/s':>9} "
              f"{'RSS MB':>7} {'load':>5}")
    print(header)
    print("-" * len(header))
    notes: list[str] = []
    for name, languages, tree in trees:
        load_before = os.getloadavg()[0]  # other work on the machine skews every figure: show it
        ours_s, figures, alone = run_ours(tree)
        timings = figures["timings"]
        emerge_s = "-"
        ratio = "-"
        if not args.no_emerge:
            emerged = run_emerge(args.cache, tree, figures["files_by_language"], figures["pruned_dirs"],
                                 args.emerge_timeout)
            if emerged.ok:
                emerge_s, ratio = f"{emerged.seconds:8.1f}", f"{ours_s / emerged.seconds:6.2f}"
            elif emerged.timed_out:  # emerge took at least this long: the ratio is at most this
                emerge_s, ratio = f">{emerged.seconds:.0f}", f"<{ours_s / emerged.seconds:.2f}"
            else:
                emerge_s = "failed"
            notes.append(f"{name} ({languages}): emerge read {', '.join(emerged.languages) or 'nothing'}"
                         + (f"; no emerge parser for {', '.join(emerged.unsupported)}" if emerged.unsupported else "")
                         + f"; emerge peak RSS {emerged.peak_rss_mb:.0f} MB"
                         + (f"; {emerged.note}" if emerged.note else ""))
        rss = max(figures["peak_rss_mb"], figures["worker_peak_rss_mb"])
        startup = ours_s - figures["seconds"]  # interpreter, imports, connection, schema
        print(f"{name:<16}{figures['files']:>7} {startup:6.1f} {timings['discover']:6.1f} "
              f"{timings['parse']:7.1f} {timings['resolve']:7.1f} {timings['write']:7.1f} {ours_s:7.1f} "
              f"{emerge_s:>8} {ratio:>6} {figures['files'] / ours_s:8.0f} {figures['writes']:>8} "
              f"{figures['write_rate']:9.0f} {alone['write_rate']:9.0f} {rss:7.0f} "
              f"{max(load_before, os.getloadavg()[0]):5.1f}", flush=True)
    print()
    print("ours = the whole `bench.ingest.one` process up to its figures (interpreter start, scan, load);")
    print("start = its part before the scan (interpreter, imports, connection, schema).")
    print("emerge = the whole emerge process. ratio = ours / emerge (target <= 0.5). writes = nodes + relationships;")
    print("write = the load's part after the scan: it begins during the scan (`codegraph.scan_and_sync`), so")
    print("writes/s = their rate over the whole load, from its first write during the parse, which paces it.")
    print("alone/s = the database's write rate: the same records loaded again into a fresh repository id, with")
    print("no scan beside the load (`codegraph.sync_repo`; target >= 50,000/s).")
    print("RSS = the larger of our process and its parse workers. load = the machine's 1-minute load average")
    print(f"(the larger of before and after the tree) on {os.cpu_count()} CPUs.")
    for note in notes:
        print(f"  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
