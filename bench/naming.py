"""bench/naming: how long a naming runner takes to name a candidate, sequential vs batch-parallel.

    .venv/bin/python -m bench.naming [--blocks 40] [--delay-ms 200] [--runs 3]

Names ``--blocks`` provisional blocks with a LIVE runner that takes ``--delay-ms`` per block, at concurrency
1 and 8, through the same code the scan and `nameWithRunner` use (`services.naming_batch.name_blocks`), over
two transports: ``command`` (a process per block: `tests/runners/namer.py --delay-ms N`) and ``http`` (a
local server: `tests/runners/http_namer.py`). Prints the median wall time of ``--runs`` runs for each, and
the ratio concurrency 1 / concurrency 8. Target (issue 6): 40 blocks at 200 ms each in ≤ 1.5 s at 8.
No database is needed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rooms.naming import GraphFacts, RunnerSpec, runner_spec
from services.naming_batch import BlockNamed, name_blocks
from tests.runners.http_namer import NamingServer
from tests.runners.support import named_block, namer_command

TARGET_S = 1.5


def _blocks(n: int) -> list:
    return [named_block(f"sb_{i:03d}", f"Module {i}", f"src/mod{i:03d}/a.py", f"src/mod{i:03d}/b.py") for i in range(n)]


def _median_s(spec: RunnerSpec, blocks: list, concurrency: int, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        outcomes = name_blocks(spec, blocks, GraphFacts(), concurrency=concurrency)
        samples.append(time.perf_counter() - started)
        if not all(isinstance(o, BlockNamed) for o in outcomes):
            raise SystemExit(f"{spec.transport.value}: a block fell back: {outcomes}")
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=40)
    parser.add_argument("--delay-ms", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    blocks = _blocks(args.blocks)
    print(f"naming {args.blocks} blocks, runner latency {args.delay_ms} ms per block, median of {args.runs} runs")
    with NamingServer(delay_ms=args.delay_ms) as server:
        specs = [
            runner_spec(
                runner_id="bench-command",
                transport="command",
                command=namer_command("--delay-ms", str(args.delay_ms)),
                timeout_ms=30_000,
            ),
            runner_spec(runner_id="bench-http", transport="http", url=f"{server.base_url}/name", timeout_ms=30_000),
        ]
        for spec in specs:
            one = _median_s(spec, blocks, 1, args.runs)
            eight = _median_s(spec, blocks, 8, args.runs)
            verdict = "meets" if eight <= TARGET_S else "MISSES"
            per_block_ms = one / len(blocks) * 1e3
            print(
                f"  {spec.transport.value:<8} concurrency 1: {one:6.2f} s ({per_block_ms:.0f} ms a block)   "
                f"concurrency 8: {eight:5.2f} s   ratio {one / eight:4.1f}x   "
                f"({verdict} the {TARGET_S} s target at 8)"
            )


if __name__ == "__main__":
    main()
