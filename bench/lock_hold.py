"""bench/lock_hold: how long a candidateEdit batch holds the store's write lock, by batch size.

    .venv/bin/python -m bench.lock_hold [--runs 30]

Needs a database (`coderooms db start`, or NEO4J_URI). On a 40-block / 5,000-file candidate, batches of 1,
100 and 10,000 ops (renames, and member moves that shuttle files between neighbouring blocks) go through the
service the resolver calls. The lock is taken by the first statement of the batch's write transaction and
released by its commit, so the wall time of that transaction (``Database.write``, timed here from the
outside) bounds the hold from above; the whole batch's time is printed beside it, with a bare write
transaction (the lock statement alone) as the baseline.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from neo4j import ManagedTransaction

from api.process_tuning import tune_server
from bench.common import bench_repo, percentiles, synthetic_candidate, timed
from graphdb import store_writes
from graphdb.connection import open_driver, resolve_target
from graphdb.database import Database
from graphdb.history import Actor
from graphdb.settings import DbSettings
from rooms.contract import Seat
from rooms.edit import EditOp, parse_ops
from services import edit as edits

OWNER = Actor(Seat.OWNER, "bench")
BLOCKS, FILES = 40, 5000
SIZES = (1, 100, 10_000)
T = TypeVar("T")


class WriteTimedDatabase(Database):
    """The ordinary database, with the wall time of each write transaction kept."""

    def __init__(self) -> None:
        target = resolve_target(DbSettings())
        super().__init__(open_driver(target), target.database, target)
        self.write_times: list[float] = []

    def write(self, work: Callable[[ManagedTransaction], T]) -> T:
        start = time.perf_counter()
        try:
            return super().write(work)
        finally:
            self.write_times.append(time.perf_counter() - start)


def batch_ops(n: int, round_: int, moved: set[tuple[int, int]]) -> list[EditOp]:
    """``n`` ops: one in four moves a file between its home block and the next one (half of each block's files
    take turns; ``moved`` says which are next door now and is updated), the rest are renames."""
    movable = iter((b, f) for f in range(FILES // BLOCKS // 2) for b in range(BLOCKS))
    raw: list[dict[str, str]] = []
    for i in range(n):
        step = next(movable, None) if i % 4 == 3 else None
        if step is None:
            block = i % BLOCKS
            raw.append({"op": "rename", "block_id": f"sb_{block:03d}", "name": f"module {block} op {i} r{round_}"})
            continue
        b, f = step
        home, next_door = f"sb_{b:03d}", f"sb_{(b + 1) % BLOCKS:03d}"
        src, dst = (next_door, home) if step in moved else (home, next_door)
        moved ^= {step}
        raw.append({"op": "move_member", "path": f"src/mod{b:03d}/file{f:04d}.py", "from": src, "to": dst})
    return parse_ops(raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    tune_server()
    db = WriteTimedDatabase()
    try:
        db.apply_schema()
        with bench_repo(db, "bench-lock") as repo_id:
            store_writes.import_seed(db, None, synthetic_candidate(repo_id, BLOCKS, FILES), actor=OWNER)
            rounds = itertools.count()
            moved: set[tuple[int, int]] = set()

            def batch(n: int) -> tuple[float, float]:
                ops = batch_ops(n, next(rounds), moved)
                version = store_writes.store_version(db, repo_id)
                db.write_times.clear()
                start = time.perf_counter()
                outcome = edits.apply_edit(db, repo_id, version, ops, OWNER, None, datetime.now(UTC))
                total = time.perf_counter() - start
                assert isinstance(outcome, edits.EditApplied), outcome
                return sum(db.write_times), total

            def bare() -> None:
                db.execute("store_lock", repo_id=repo_id, batch_id=None)

            for n in SIZES:  # warm up pools, plans and the server's JIT
                batch(n)
            timed(bare, 20)
            held: dict[int, list[float]] = {n: [] for n in SIZES}
            whole: dict[int, list[float]] = {n: [] for n in SIZES}
            bare_times: list[float] = []
            for _ in range(args.runs):  # interleaved, so each size sees the same machine
                for n in SIZES:
                    lock_s, total_s = batch(n)
                    held[n].append(lock_s)
                    whole[n].append(total_s)
                bare_times.extend(timed(bare, 1))
    finally:
        db.close()
    print(f"bench/lock_hold on a {BLOCKS}-block / {FILES}-file candidate ({args.runs} runs each)")
    print("  write lock held (the batch's write transaction), ms; the whole batch beside it")
    for n in SIZES:
        h, w = percentiles(held[n]), percentiles(whole[n])
        print(
            f"  {n:>6}-op batch  held p50 {h['p50_ms']:8.2f}  p99 {h['p99_ms']:8.2f}  max {max(held[n]) * 1e3:8.2f}"
            f"   whole p50 {w['p50_ms']:8.2f}  p99 {w['p99_ms']:8.2f}"
        )
    b = percentiles(bare_times)
    print(f"  bare write tx    held p50 {b['p50_ms']:8.2f}  p99 {b['p99_ms']:8.2f}  max {max(bare_times) * 1e3:8.2f}")


if __name__ == "__main__":
    main()
