"""One scan of a repository at a time, across processes: a ``ScanLock`` node with a holder and an expiry.

``scan_lock(db, repo_id)`` takes it in one transaction (``ScanInProgress`` when another holder's lease has
not expired), refreshes it from a thread while the scan runs, and deletes it on exit. A crashed holder stops
refreshing, so its lease runs out after ``TTL_MS`` and the next scan takes the lock over. Scans of different
repositories take different nodes and run side by side.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from graphdb.database import Database

TTL_MS = 60_000
REFRESH_S = TTL_MS / 1000 / 4


class ScanInProgress(Exception):
    """Another scan of the repository holds its lock."""

    def __init__(self, repo_id: str, remaining_ms: int) -> None:
        super().__init__(
            f"another scan of {repo_id!r} is running (its lock expires in {max(0, remaining_ms) // 1000 + 1}s "
            "unless it is refreshed); try again when it is done"
        )


def take(db: Database, repo_id: str, holder: str, ttl_ms: int = TTL_MS) -> bool:
    """Take or refresh the lock for ``holder``; raises ``ScanInProgress`` when another holds it."""
    row = db.execute("scan_lock_take", repo_id=repo_id, holder=holder, ttl_ms=ttl_ms)[0]
    if not row["taken"]:
        raise ScanInProgress(repo_id, int(row["remaining_ms"]))
    return True


def release(db: Database, repo_id: str, holder: str) -> None:
    db.execute("scan_lock_release", repo_id=repo_id, holder=holder)


@contextmanager
def scan_lock(db: Database, repo_id: str) -> Iterator[str]:
    """Hold the repository's scan lock for the block; yields the holder id (``promote`` checks it)."""
    holder = uuid.uuid4().hex
    take(db, repo_id, holder)
    stop = threading.Event()

    def refresh() -> None:
        while not stop.wait(REFRESH_S):
            try:
                take(db, repo_id, holder)
            except Exception:  # lost, or the database unreachable: promote's check refuses the scan's end
                return

    refresher = threading.Thread(target=refresh, name=f"scan-lock-{repo_id}", daemon=True)
    refresher.start()
    try:
        yield holder
    finally:
        stop.set()
        refresher.join()
        release(db, repo_id, holder)
