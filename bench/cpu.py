"""CPU time of another process on this machine (the database server, the API), for the benchmarks."""

from __future__ import annotations

import os
from pathlib import Path


def process_cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU seconds of a process so far (Linux /proc; None elsewhere, or when it is gone)."""
    if pid is None:
        return None
    try:
        # the fields after the command, which may hold spaces
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
