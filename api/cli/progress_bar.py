"""A one-line progress bar on stderr for long CLI work: the phase, a bar while files (or scans) are counted,
redrawn in place with ``\\r``. Shown only to a person at a terminal (both stdout and stderr are terminals, no
--json); otherwise ``progress_bar`` gives a callback that draws nothing."""

from __future__ import annotations

import sys
from collections.abc import Callable
from time import monotonic
from typing import TextIO

from rooms.progress import Progress, no_progress

WIDTH = 24
_REDRAW_S = 0.1  # within a phase, at most this often: a parse reports every file
_CLEAR = "\r\x1b[K"


class ProgressBar:
    """``bar(phase, done, total)`` draws; ``bar.close()`` clears the line so that what follows starts clean. A
    report after ``close`` draws again: a command may print lines of its own between reports.

    ``unit`` names what is counted; ``timed`` adds to a phase that counts nothing how long it has lasted, so
    that a long wait (a download, a server starting) is seen to be alive."""

    def __init__(self, stream: TextIO, unit: str = "files", timed: bool = False) -> None:
        self._stream = stream
        self._unit = unit
        self._timed = timed
        self._phase: str | None = None  # on the line now: None once cleared, so that the next report draws
        self._drawn_at = 0.0
        self._began: dict[str, float] = {}  # each phase's first report: a line printed between reports resets nothing

    def __call__(self, phase: str, done: int, total: int) -> None:
        now = monotonic()
        began = self._began.setdefault(phase, now)
        if phase == self._phase and now - self._drawn_at < _REDRAW_S and done != total:
            return
        self._phase, self._drawn_at = phase, now
        seconds = now - began if self._timed else None
        self._stream.write(_CLEAR + line(phase, done, total, self._unit, seconds))
        self._stream.flush()

    def close(self) -> None:
        if self._phase is not None:
            self._phase = None
            self._stream.write(_CLEAR)
            self._stream.flush()


def line(phase: str, done: int, total: int, unit: str = "files", seconds: float | None = None) -> str:
    """``parsing    [########----------------]  120/360 files``, or the phase alone when nothing is counted
    (``starting… 12s`` when given the ``seconds`` it has lasted: a count shows progress by itself)."""
    if total <= 0:
        return f"{phase}…" if seconds is None else f"{phase}… {int(seconds)}s"
    filled = WIDTH * min(done, total) // total
    return f"{phase:<11}[{'#' * filled}{'-' * (WIDTH - filled)}] {done:>{len(str(total))}}/{total} {unit}"


def shown(quiet: bool) -> bool:
    return not quiet and sys.stdout.isatty() and sys.stderr.isatty()


def progress_bar(quiet: bool, unit: str = "files", timed: bool = False) -> tuple[Progress, Callable[[], None]]:
    """The callback a scan (or a server's start) reports to and what to call when it ends: a bar on stderr when
    ``shown``."""
    if not shown(quiet):
        return no_progress, lambda: None
    bar = ProgressBar(sys.stderr, unit, timed)
    return bar, bar.close
