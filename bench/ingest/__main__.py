"""bench/ingest: our full ingest (discover, parse, resolve, write to Neo4j) against the peer tool
emerge-viz, on real trees and a generated one.

    .venv/bin/python -m bench.ingest [--trees django,three,...] [--synthetic 50000] [--no-emerge] [--warmup 2]
                                     [--repeat 3]

Needs a database (`coderooms db start`, or NEO4J_URI) and, the first time, the package registries
(sdists via pip, packages via npm, emerge-viz into its own virtualenv); everything is cached under
``~/.cache/coderooms/bench/`` (``--cache``). Each ingest runs in a process of its own
(``bench.ingest.one``) for its peak RSS, and so does emerge; both clocks are wall clocks around the
whole process. Prints, per tree: files, our time by phase (start-up first), ours in all, emerge's, the
ratio, the CPU time each used (ours: our process and its parse workers, plus the local database server's),
files/s, nodes+relationships written per second (over the ingest's load, and over the same records
loaded again on their own), peak RSS and the machine's load. ``--repeat N`` runs ours and emerge N times
each, alternately, and prints the medians (this machine's speed drifts by tens of percent over minutes:
single runs cannot tell the ratio from the drift). Before the table, ``--warmup N`` (default 2) ingests the
first tree N times unmeasured, since a freshly started database compiles its write path over its first
loads. Nothing here runs in the test suite. The latest figures, and what they say: ``bench/ingest/README.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
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


def _cpu(figures: dict) -> str:
    """Our CPU seconds, and the database server's when it is known: "6.1+2.7"."""
    server = figures.get("db_cpu_s")
    return f"{figures['cpu_s']:.1f}" + (f"+{server:.1f}" if server is not None else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--trees",
        default=",".join(s.name for s in SOURCES),
        help="comma-separated names of the real trees (default: all)",
    )
    parser.add_argument("--synthetic", type=int, default=50_000, help="files of the generated tree (0: none)")
    parser.add_argument("--no-emerge", action="store_true", help="skip the peer tool")
    parser.add_argument("--emerge-timeout", type=float, default=3600.0)
    parser.add_argument(
        "--warmup",
        type=int,
        default=2,
        help="unmeasured ingests of the first tree before the table (the database's JIT warms up)",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs of ours and of emerge per tree, alternately; medians are printed"
    )
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args(argv)

    wanted = [name for name in args.trees.split(",") if name]
    trees = [(s.name, s.languages, fetch(s, args.cache)) for s in SOURCES if s.name in wanted]
    if args.synthetic:
        root = generate(args.cache / "trees" / f"synthetic-{args.synthetic}", args.synthetic)
        trees.append((root.name, "Python, TypeScript (generated)", root))

    for run in range(args.warmup if trees else 0):
        # A freshly started Neo4j compiles its write path over several loads (django's records loaded alone: 39
        # CPU-s of Neo4j on the first load after a start, 4-6 from the seventh on). The table measures a warm
        # server; these lines show what the first ingests cost.
        seconds, _figures, _alone = run_ours(trees[0][2])
        print(
            f"warm-up {run + 1} of {args.warmup}: {trees[0][0]} ingested in {seconds:.1f} s (not measured)", flush=True
        )

    header = (
        f"{'tree':<16}{'files':>7} {'start':>6} {'disc':>6} {'parse':>7} {'resolve':>7} {'write':>7} "
        f"{'ours':>7} {'emerge':>8} {'ratio':>6} {'cpu':>9} {'em cpu':>7} {'files/s':>8} {'writes':>8} "
        f"{'writes/s':>9} {'alone/s':>9} {'RSS MB':>7} {'load':>5}"
    )
    print(header)
    print("-" * len(header))
    notes: list[str] = []
    for name, languages, tree in trees:
        load_before = os.getloadavg()[0]  # other work on the machine skews every figure: show it
        runs: list[tuple[float, dict, dict]] = []
        emerged_runs = []
        for _ in range(max(1, args.repeat)):
            runs.append(run_ours(tree))
            if not args.no_emerge and not any(run.timed_out for run in emerged_runs):  # one timeout is enough
                emerged_runs.append(
                    run_emerge(
                        args.cache,
                        tree,
                        runs[-1][1]["files_by_language"],
                        runs[-1][1]["pruned_dirs"],
                        args.emerge_timeout,
                    )
                )
        # the median run (of an even count, the lower of the middle two), as emerge's median below
        median_s = statistics.median_low(run[0] for run in runs)
        ours_s, figures, alone = next(run for run in runs if run[0] == median_s)
        timings = figures["timings"]
        emerge_s = "-"
        ratio = "-"
        emerge_cpu = "-"
        notes.append(
            f"{name}: alone/s of its {len(alone['write_rates'])} loads "
            f"{', '.join(f'{rate:,.0f}' for rate in alone['write_rates'])}"
        )
        if emerged_runs:
            emerged = emerged_runs[-1]
            finished = [run.seconds for run in emerged_runs if run.ok]
            if len(finished) == len(emerged_runs):
                emerge_median = statistics.median_low(finished)
                emerge_s, ratio = f"{emerge_median:8.1f}", f"{ours_s / emerge_median:6.2f}"
                emerge_cpu = f"{next(run.cpu_seconds for run in emerged_runs if run.seconds == emerge_median):.1f}"
            elif any(run.timed_out for run in emerged_runs):
                # emerge took at least this long: the ratio is at most this
                least = min(run.seconds for run in emerged_runs if run.timed_out)
                emerge_s, ratio = f">{least:.0f}", f"<{ours_s / least:.2f}"
            else:
                emerge_s = "failed"
            if len(runs) > 1:
                notes.append(
                    f"{name}: ours {', '.join(f'{run[0]:.1f}' for run in runs)} s "
                    f"(CPU-s {', '.join(_cpu(run[1]) for run in runs)}); emerge "
                    f"{', '.join(f'{run.seconds:.1f}' if run.ok else 'failed' for run in emerged_runs)} s "
                    f"(CPU-s {', '.join(f'{run.cpu_seconds:.1f}' for run in emerged_runs)})"
                )
            notes.append(
                f"{name} ({languages}): emerge read {', '.join(emerged.languages) or 'nothing'}"
                + (f"; no emerge parser for {', '.join(emerged.unsupported)}" if emerged.unsupported else "")
                + f"; emerge peak RSS {emerged.peak_rss_mb:.0f} MB"
                + (f"; {emerged.note}" if emerged.note else "")
            )
        rss = max(figures["peak_rss_mb"], figures["worker_peak_rss_mb"])
        startup = ours_s - figures["seconds"]  # interpreter, imports, connection, schema
        print(
            f"{name:<16}{figures['files']:>7} {startup:6.1f} {timings['discover']:6.1f} "
            f"{timings['parse']:7.1f} {timings['resolve']:7.1f} {timings['write']:7.1f} {ours_s:7.1f} "
            f"{emerge_s:>8} {ratio:>6} {_cpu(figures):>9} {emerge_cpu:>7} {figures['files'] / ours_s:8.0f} "
            f"{figures['writes']:>8} {figures['write_rate']:9.0f} {alone['write_rate']:9.0f} {rss:7.0f} "
            f"{max(load_before, os.getloadavg()[0]):5.1f}",
            flush=True,
        )
    print()
    if args.repeat > 1:
        print(
            f"Each tree ran {args.repeat} times, ours and emerge alternately: "
            "ours and its figures are the median run's,"
        )
        print("emerge is its median (of an even count, the lower middle one), ratio = their ratio; every run's time,")
        print("in the order run, is listed below.")
    print("ours = the whole `bench.ingest.one` process up to its figures (interpreter start, scan, load);")
    print("start = its part before the scan (interpreter, imports, connection, schema).")
    print("emerge = the whole emerge process. ratio = ours / emerge (target <= 0.5).")
    print("cpu = the CPU time (user + system) of `bench.ingest.one` and its parse workers over ours, + the local")
    print("database server's over the ingest (no second figure for a server this machine cannot see); em cpu =")
    print(f"emerge's. Ours cannot take less than its cpu over the machine's {os.cpu_count()} CPUs.")
    print("writes = nodes + relationships. write = the load's part after the scan: it begins during the scan")
    print("(`codegraph.scan_and_sync`), so writes/s = their rate over the whole load, from its first write during")
    print("the parse, which paces it.")
    print("alone/s = the database's write rate: the same records loaded again into a fresh repository id, with")
    print("no scan beside the load (`codegraph.sync_repo`; target >= 50,000/s); the median of a few such loads, each")
    print("listed below.")
    print("RSS = the larger of our process and its parse workers. load = the machine's 1-minute load average")
    print(f"(the larger of before and after the tree) on {os.cpu_count()} CPUs.")
    for note in notes:
        print(f"  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
