"""Garbage-collector settings for the API process.

A collection pauses every request, so the aim is short pauses, not few. Each Neo4j query leaves a few
hundred objects in reference cycles (the driver's result and hydration objects: ~445,000 over one bench/edit
run), which only a collection frees, and an edit batch allocates tens of thousands of short-lived model
objects. A young collection walks every object allocated since the last one, so its pause grows with the
first threshold: at 50,000, young collections paused 46–82 ms and set the p99 of bench/edit's 10-op batch
(76–86 ms; 21 ms with the collector off). At 2,000 they pause ~1 ms (≤ 10 ms), the middle generation
≤ 10–34 ms, and the oldest is left for rarely (100 middle collections): with CPython's default (700, 10, 10)
full collections over the caches paused 30–37 ms several times a run. What start-up built is frozen out of
every collection.
"""

from __future__ import annotations

import gc

THRESHOLDS = (2_000, 10, 100)


def tune_gc() -> None:
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
