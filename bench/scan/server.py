"""The database server beside the scans: its resident memory, and what the database holds."""

from __future__ import annotations

from pathlib import Path

from bench.ingest.one import server_pid
from graphdb.database import Database
from graphdb.gds import projection_names


def server_rss_mb() -> float | None:
    """The local server's resident set now (None: an external database, or no /proc)."""
    pid = server_pid()
    if pid is None:
        return None
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024  # kB
    return None


def census() -> tuple[int, int]:
    """(nodes in the database, graphs in the GDS catalog): equal before and after a run that cleaned up."""
    db = Database.connect()
    try:
        return int(db.rows("database_node_count")[0]["nodes"]), len(projection_names(db))
    finally:
        db.close()
