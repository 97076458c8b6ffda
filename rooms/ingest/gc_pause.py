"""Pausing Python's cycle collector around bulk work.

A scan, and the load of its result, build millions of small objects that hold no reference cycles.
The collector's full passes walk every one of them, again and again as they accumulate: on django
(5,000 files) that was about 2 s of the client's CPU. Reference counting still frees them as before;
a cycle made meanwhile waits for the collector's next full pass.

What the pause made is still in the youngest generation at its end, and the first collection after it
would walk all of it at once (a few tenths of a second). So it is promoted to the oldest generation
untraversed instead (``gc.freeze()`` then ``gc.unfreeze()``, which is what those two do together), unless
the process froze objects of its own, which unfreezing would release.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """No cycle collection inside; nested and concurrent pauses leave re-enabling to the outermost first one."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        gc.enable()
