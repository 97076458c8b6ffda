"""The baseline: the one Cypher statement behind a map read (``graphdb/cypher/store_read.cypher``), run through
``graphdb.database.Database`` and the driver on the same store, by ``concurrency`` threads for a bounded time."""

from __future__ import annotations

import threading
import time

from graphdb.database import Database

STATEMENT = "store_read"


def cypher_baseline(db: Database, repo_id: str, concurrency: int, seconds: float) -> tuple[list[float], float]:
    """Latencies (s) of ``store_read`` with ``concurrency`` closed-loop readers, and the wall seconds taken."""
    samples: list[float] = []
    lock = threading.Lock()
    failures: list[BaseException] = []
    deadline = time.perf_counter() + seconds

    def reader() -> None:
        mine: list[float] = []
        try:
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                rows = db.rows(STATEMENT, repo_id=repo_id)
                mine.append(time.perf_counter() - started)
                if len(rows) != 1:
                    raise AssertionError(f"{STATEMENT} answered {len(rows)} rows")
        except BaseException as exc:
            failures.append(exc)
        with lock:
            samples.extend(mine)

    started = time.perf_counter()
    threads = [threading.Thread(target=reader, name=f"cypher-{i}") for i in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise RuntimeError(f"the Cypher baseline failed: {failures[0]!r}") from failures[0]
    return samples, time.perf_counter() - started
