"""bench/scan: the whole ``coderooms scan`` command line, as a user runs it, against emerge-viz on real trees;
its first scan after the database starts; and how it scales to 100,000 files with incremental rescans.

    .venv/bin/python -m bench.scan [--trees snapcast,rxjs,...] [--no-emerge] [--repeat 3]
                                   [--scale 1000,10000,100000 | --scale 0] [--cold-tree snapcast | --no-cold]

Needs a database (``coderooms db start``, or NEO4J_URI: then no cold run, which restarts the local server) and,
the first time, the package registries (bench/ingest's trees and emerge-viz); every tree is cached under
``~/.cache/coderooms/bench/`` (``--cache``); the archsets systems are unpacked from their source archives.
Prints its tables (the warm scans' CPU beside emerge's among them), each with its legend; what the columns mean
and the targets: ``bench/scan/README.md``.
Nothing here runs in the test suite.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bench.ingest.__main__ import DEFAULT_CACHE
from bench.scan import cold, scale, versus
from bench.scan.inventory import inventory
from bench.scan.marks import load_line
from bench.scan.server import census
from bench.scan.trees import NAMES, tree
from graphdb.settings import DbSettings

# Unmeasured scans before a warm one: a freshly started server gets faster over its first several scans, not only
# the first (bench/scan/README.md says over how many).
SETTLE = 8


def _sizes(text: str) -> list[int]:
    sizes = [int(part) for part in text.split(",") if part.strip()]
    return [] if sizes == [0] else sizes


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.scan", description=__doc__.splitlines()[0])
    parser.add_argument("--trees", default=",".join(NAMES), help="comma-separated tree names (default: all 14)")
    parser.add_argument("--no-emerge", action="store_true", help="skip the peer tool")
    parser.add_argument("--emerge-timeout", type=float, default=3600.0)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, alternately; medians are printed")
    parser.add_argument(
        "--scale", type=_sizes, default=[1_000, 10_000, 100_000], help="files of the scale trees (0: no scale run)"
    )
    parser.add_argument("--cold-tree", default="snapcast", choices=NAMES, help="the tree of the cold run")
    parser.add_argument("--no-cold", action="store_true", help="no cold run (it restarts the local server)")
    parser.add_argument(
        "--settle",
        type=int,
        default=SETTLE,
        help="unmeasured scans before warm ones: in the cold run after the first scan, and of the first tree before"
        " the warm table (a freshly started server gets faster over several scans)",
    )
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args(argv)
    unknown = [name for name in args.trees.split(",") if name and name not in NAMES]
    if unknown:
        parser.error(f"unknown trees {', '.join(unknown)} (known: {', '.join(NAMES)})")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    names = [name for name in args.trees.split(",") if name]
    settings = DbSettings()
    where = settings.neo4j_uri if settings.external else f"local instance {settings.instance!r}"
    print(f"bench.scan {time.strftime('%Y-%m-%d %H:%M')}, database: {where}; {load_line()}")
    print()
    nodes, graphs = census()
    if not args.no_cold:
        cold.run(args.cold_tree, tree(args.cold_tree, args.cache), args.repeat, args.settle)
    if names:
        trees = [(name, tree(name, args.cache)) for name in names]
        # A freshly started server gets faster over several scans, its warm-up's and the cold run's ones too.
        for run in range(args.settle):
            seconds = cold.scan_seconds(trees[0][1])
            print(
                f"settling {run + 1} of {args.settle}: {names[0]} scanned in {seconds:.1f} s (not measured)", flush=True
            )
        versus.run(trees, args.cache, args.repeat, not args.no_emerge, args.emerge_timeout)
    if args.scale:
        # Every real tree feeds the scale trees, whatever --trees says: a size is the same tree on every run.
        sources = [(name, root, inventory(root).source) for name, root in ((n, tree(n, args.cache)) for n in NAMES)]
        scale.run(args.scale, args.cache, sources)
    after = census()
    print(
        f"database: {nodes:,} nodes and {graphs} GDS graphs before the run, {after[0]:,} and {after[1]} after"
        + ("" if after == (nodes, graphs) else " (left over: see what the scans wrote)")
    )
    print(load_line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
