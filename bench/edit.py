"""bench/edit: candidateEdit latency and throughput against one bare Neo4j write transaction.

    .venv/bin/python -m bench.edit [--runs 300] [--editors 8] [--seconds 10]

Needs a database (`coderooms db start`, or NEO4J_URI). Prints p50/p95/p99 of 1-op and 10-op batches on a
40-block / 5,000-file candidate through the same service the GraphQL resolver calls (with the API
process's garbage-collector settings, ``api.process_tuning``), the throughput of
8 concurrent editors (conflicts retried), and the latency of a bare write transaction on the same
driver (the Store lock statement alone), with the ratio p99(10-op) / p99(bare). The three latencies are
measured interleaved after a warm-up, so each sees the same machine.
"""

from __future__ import annotations

import argparse
import itertools
import threading
import time
from datetime import UTC, datetime

from api.process_tuning import tune_server
from bench.common import bench_repo, percentiles, synthetic_candidate, timed
from graphdb import store_writes
from graphdb.database import Database
from graphdb.history import Actor
from rooms.contract import Seat
from rooms.edit import parse_ops
from services import edit as edits

OWNER = Actor(Seat.OWNER, "bench")
BLOCKS, FILES = 40, 5000


def _ops(n: int, round_: int) -> list:
    """n ops: renames, and member moves that shuttle a file between two blocks and back."""
    raw = []
    for i in range(n):
        if i % 2 == 0:
            raw.append({"op": "rename", "block_id": f"sb_{i:03d}", "name": f"module {i} r{round_}"})
        else:
            a, b = f"sb_{i:03d}", f"sb_{i + 1:03d}"
            src, dst = (a, b) if round_ % 2 == 0 else (b, a)
            raw.append({"op": "move_member", "path": f"src/mod{i:03d}/file0000.py", "from": src, "to": dst})
    return parse_ops(raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--editors", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    tune_server()
    db = Database.connect()
    try:
        db.apply_schema()
        with bench_repo(db, "bench-edit") as repo_id:
            store_writes.import_seed(db, None, synthetic_candidate(repo_id, BLOCKS, FILES), actor=OWNER)
            version = itertools.count(2)
            rounds = {1: itertools.count(), 10: itertools.count()}  # per size: moves go there and back

            def batch(n: int) -> None:
                outcome = edits.apply_edit(
                    db, repo_id, next(version) - 1, _ops(n, next(rounds[n])), OWNER, None, datetime.now(UTC)
                )
                assert isinstance(outcome, edits.EditApplied), outcome

            bare = lambda: db.execute("store_lock", repo_id=repo_id, batch_id=None)  # noqa: E731
            kinds = (lambda: batch(1), lambda: batch(10), bare)
            for fn in kinds:  # warm up pools, plans and the server's JIT
                timed(fn, 30)
            # Interleaved, so that the three see the same machine (a shared one drifts over a run).
            samples: list[list[float]] = [[], [], []]
            for _ in range(args.runs):
                for kind, fn in enumerate(kinds):
                    samples[kind].extend(timed(fn, 1))
            one, ten, base = (percentiles(taken) for taken in samples)
            throughput, conflicts = _throughput(db, repo_id, args.editors, args.seconds)
    finally:
        db.close()
    print(f"bench/edit on a {BLOCKS}-block / {FILES}-file candidate ({args.runs} runs each)")
    for label, figures in (("1-op batch", one), ("10-op batch", ten), ("bare write tx", base)):
        print(
            f"  {label:<14} p50 {figures['p50_ms']:7.2f} ms  p95 {figures['p95_ms']:7.2f} ms  "
            f"p99 {figures['p99_ms']:7.2f} ms"
        )
    print(f"  ratio p99(10-op) / p99(bare write) = {ten['p99_ms'] / base['p99_ms']:.2f}  (target ≤ 5)")
    print(
        f"  throughput with {args.editors} concurrent editors: {throughput:.1f} applied batches/s "
        f"({conflicts} version conflicts retried)"
    )


def _throughput(db: Database, repo_id: str, editors: int, seconds: float) -> tuple[float, int]:
    applied, conflicts = [0], [0]
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def editor(k: int) -> None:
        n = 0
        while time.monotonic() < deadline:
            version = store_writes.store_version(db, repo_id)
            ops = parse_ops([{"op": "rename", "block_id": f"sb_{k:03d}", "name": f"editor {k} #{n}"}])
            outcome = edits.apply_edit(db, repo_id, version, ops, OWNER, None, datetime.now(UTC))
            with lock:
                if isinstance(outcome, edits.EditApplied):
                    applied[0] += 1
                else:
                    conflicts[0] += 1
            n += 1

    threads = [threading.Thread(target=editor, args=(k,)) for k in range(editors)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return applied[0] / (time.monotonic() - start), conflicts[0]


if __name__ == "__main__":
    main()
