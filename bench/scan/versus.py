"""Warm scans against emerge-viz on the real trees: ``coderooms scan`` as a whole process, and emerge, alternately."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from bench.cpu import process_cpu_seconds
from bench.ingest.emerge import EmergeRun, run_emerge
from bench.ingest.one import server_pid
from bench.scan import cli
from bench.scan.inventory import inventory
from bench.scan.marks import load, mb, median, verdict
from bench.scan.repos import forget, fresh_repo_id
from bench.scan.server import server_rss_mb

TIME_TARGET = 0.5  # ours / emerge
MEMORY_TARGET = 1.0

HEADER = (
    f"{'tree':<24}{'files':>7} {'ours s':>7} {'emerge s':>9} {'ratio':>13} {'RSS MB':>7} {'em RSS':>7} "
    f"{'mem ratio':>13} {'Neo4j MB':>13} {'load':>5}"
)
LEGEND = """\
files = what `coderooms scan` reads of the tree (discovery's files whose content it accepts).
ours s = the whole `coderooms scan TREE --repo-id <fresh> --naming heuristic --json` process, interpreter start to
exit (discover, parse, resolve, load into Neo4j, cluster in GDS, name, write the map); emerge s = the whole emerge
process (bench/ingest/emerge.py: file dependency graphs, method counts, lines of code, for the tree's languages it
reads). Both are medians of --repeat runs, alternately ours and emerge's (of an even count, the lower middle one).
ratio = ours / emerge (target <= 0.5). RSS MB = our peak resident set: the larger of the command line's process
and its parse workers'; em RSS = emerge's. mem ratio = ours / emerge's (target <= 1.0). Neo4j MB = the local
server's resident set before -> after the tree's runs. load = the machine's 1-minute load average after the
tree. Each scan has a fresh repository id, deleted whole after it."""


@dataclass
class Row:
    name: str
    files: int
    ours: list[cli.CliRun] = field(default_factory=list)
    emerge: list[EmergeRun] = field(default_factory=list)
    server_before: float | None = None
    server_after: float | None = None
    server_cpu: list[float | None] = field(default_factory=list)  # the server's CPU seconds during each of ours


def measure(name: str, tree: Path, cache: Path, repeat: int, with_emerge: bool, emerge_timeout: float) -> Row:
    found = inventory(tree)  # emerge's inputs, before any clock runs
    row = Row(name, len(found.files), server_before=server_rss_mb())
    server = server_pid()
    for _ in range(max(1, repeat)):
        repo_id = fresh_repo_id()
        try:
            before = process_cpu_seconds(server)
            row.ours.append(cli.scan(tree, repo_id))
            after = process_cpu_seconds(server)
            row.server_cpu.append(None if before is None or after is None else after - before)
        finally:
            forget(repo_id)
        if with_emerge and not any(run.timed_out for run in row.emerge):  # one timeout is enough
            row.emerge.append(run_emerge(cache, tree, found.files_by_language, found.pruned_dirs, emerge_timeout))
    row.server_after = server_rss_mb()
    return row


def line(row: Row) -> str:
    ours_s = median(run.seconds for run in row.ours)
    ours_mb = median(run.peak_rss_mb for run in row.ours)
    emerge_s = emerge_mb = ratio = mem_ratio = "-"
    if row.emerge and all(run.ok for run in row.emerge):
        seconds = median(run.seconds for run in row.emerge)
        peak = median(run.peak_rss_mb for run in row.emerge)
        emerge_s, emerge_mb = f"{seconds:.1f}", f"{peak:.0f}"
        ratio = f"{ours_s / seconds:.2f} {verdict(ours_s / seconds, TIME_TARGET)}"
        mem_ratio = f"{ours_mb / peak:.2f} {verdict(ours_mb / peak, MEMORY_TARGET)}"
    elif any(run.timed_out for run in row.emerge):
        least = min(run.seconds for run in row.emerge if run.timed_out)  # emerge took at least this long
        bound = ours_s / least
        emerge_s, ratio = f">{least:.0f}", f"<{bound:.2f} " + ("met" if bound <= TIME_TARGET else "?")
    elif row.emerge:
        emerge_s = "failed"
    server = f"{mb(row.server_before)} -> {mb(row.server_after)}"
    return (
        f"{row.name:<24}{row.files:>7} {ours_s:7.1f} {emerge_s:>9} {ratio:>13} {ours_mb:7.0f} {emerge_mb:>7} "
        f"{mem_ratio:>13} {server:>13} {load():5.1f}"
    )


CPU_HEADER = f"{'tree':<24}{'ours CPU s':>11} {'command line':>13} {'server':>7} {'emerge CPU s':>13} {'floor':>18}"
CPU_LEGEND = f"""\
ours CPU s = CPU seconds of one scan (the median run's): the command line with its parse workers (wait4's user +
system) and the local server meanwhile (/proc); emerge CPU s = emerge's, one process. floor = ours CPU s / the
machine's {os.cpu_count()} CPUs / emerge s: the ratio our scan would have if every CPU-second of it ran in parallel on
every CPU. A floor over the target (0.5) means that no schedule reaches it with this much work on this machine: it
needs less work."""


def cpu_line(row: Row) -> str | None:
    """The CPU row of ``row`` (None without a local server's figures or emerge's)."""
    runs = [(run, server) for run, server in zip(row.ours, row.server_cpu, strict=True) if server is not None]
    if not runs or not row.emerge or not all(run.ok for run in row.emerge):
        return None
    seconds = median(run.seconds for run, _ in runs)
    run, server = next(pair for pair in runs if pair[0].seconds == seconds)  # the median run (its two parts together)
    emerge_s = median(e.seconds for e in row.emerge)
    emerge_cpu = median(e.cpu_seconds for e in row.emerge)
    ours = run.cpu_seconds + server
    floor = ours / (os.cpu_count() or 1) / emerge_s
    reach = "reachable" if floor <= TIME_TARGET else "out of reach"
    return (
        f"{row.name:<24}{ours:11.1f} {run.cpu_seconds:13.1f} {server:7.1f} {emerge_cpu:13.1f} "
        f"{f'{floor:.2f} {reach}':>18}"
    )


def notes(row: Row) -> list[str]:
    found = cli.stderr_notes(row.name, row.ours)
    if len(row.ours) > 1:
        found.append(
            f"{row.name}: ours {', '.join(f'{run.seconds:.1f}' for run in row.ours)} s "
            f"({', '.join(f'{run.peak_rss_mb:.0f}' for run in row.ours)} MB)"
            + (
                f"; emerge {', '.join(f'{run.seconds:.1f}' if run.ok else 'failed' for run in row.emerge)} s "
                f"({', '.join(f'{run.peak_rss_mb:.0f}' for run in row.emerge)} MB)"
                if row.emerge
                else ""
            )
        )
    if row.emerge:
        last = row.emerge[-1]
        found.append(
            f"{row.name}: emerge read {', '.join(last.languages) or 'nothing'}"
            + (f"; no emerge parser for {', '.join(last.unsupported)}" if last.unsupported else "")
            + (f"; {last.note}" if last.note else "")
        )
    return found


def run(trees: list[tuple[str, Path]], cache: Path, repeat: int, with_emerge: bool, emerge_timeout: float) -> None:
    print("== warm scans" + (" against emerge" if with_emerge else ""))
    print(HEADER)
    print("-" * len(HEADER))
    found: list[str] = []
    cpu_lines: list[str] = []
    for name, tree in trees:
        row = measure(name, tree, cache, repeat, with_emerge, emerge_timeout)
        print(line(row), flush=True)
        found += notes(row)
        cpu = cpu_line(row)
        if cpu is not None:
            cpu_lines.append(cpu)
    print()
    print(LEGEND)
    for note in found:
        print(f"  {note}")
    print()
    if cpu_lines:
        print("== what the work costs in CPU, against emerge")
        print(CPU_HEADER)
        print("-" * len(CPU_HEADER))
        print("\n".join(cpu_lines))
        print()
        print(CPU_LEGEND)
        print()
