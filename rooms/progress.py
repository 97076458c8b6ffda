"""How long work tells of its steps: ``progress(phase, done, total)``, ``total`` 0 when nothing is counted.

A scan reports its phases (``services.scan.PHASES``), a server's start its own; a progress bar, a scan job
or nothing at all listens. It may raise to stop the work (a cancelled job does). ``ingest``, which imports
nothing of ours, names the same callable ``ScanProgress``.
"""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[str, int, int], None]


def no_progress(_phase: str, _done: int, _total: int) -> None:
    """Hears nothing: for work nobody watches."""
