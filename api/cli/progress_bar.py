"""A one-line progress bar on stderr for long CLI work: the phase, a bar while files are counted, redrawn in
place with ``\\r``. Shown only to a person at a terminal (both stdout and stderr are terminals, no --json);
otherwise ``progress_bar`` gives a callback that draws nothing."""

from __future__ import annotations

import sys
from collections.abc import Callable
from time import monotonic
from typing import TextIO

WIDTH = 24
_REDRAW_S = 0.1  # within a phase, at most this often: a parse reports every file
_CLEAR = "\r\x1b[K"


class ProgressBar:
    """``bar(phase, done, total)`` draws; ``bar.close()`` clears the line so that what follows starts clean."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._phase: str | None = None
        self._drawn_at = 0.0

    def __call__(self, phase: str, done: int, total: int) -> None:
        now = monotonic()
        if phase == self._phase and now - self._drawn_at < _REDRAW_S and done != total:
            return
        self._phase, self._drawn_at = phase, now
        self._stream.write(_CLEAR + line(phase, done, total))
        self._stream.flush()

    def close(self) -> None:
        if self._phase is not None:
            self._stream.write(_CLEAR)
            self._stream.flush()


def line(phase: str, done: int, total: int) -> str:
    """``parsing    [########----------------]  120/360 files``, or the phase alone when nothing is counted."""
    if total <= 0:
        return f"{phase}…"
    filled = WIDTH * min(done, total) // total
    return f"{phase:<11}[{'#' * filled}{'-' * (WIDTH - filled)}] {done:>{len(str(total))}}/{total} files"


def _nothing(_phase: str, _done: int, _total: int) -> None:
    pass


def shown(quiet: bool) -> bool:
    return not quiet and sys.stdout.isatty() and sys.stderr.isatty()


def progress_bar(quiet: bool) -> tuple[Callable[[str, int, int], None], Callable[[], None]]:
    """The callback a scan reports to and what to call when it ends: a bar on stderr when ``shown``."""
    if not shown(quiet):
        return _nothing, lambda: None
    bar = ProgressBar(sys.stderr)
    return bar, bar.close
