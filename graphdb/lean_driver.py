"""Processes that only load code graphs: the Neo4j driver without the data-frame stack.

The driver imports numpy, pandas and pyarrow whenever they are installed (for its results-as-frames
helpers), and they are installed because the GDS client needs them: 0.6 s of every process's start-up,
a fifth of the whole ingest of a small tree. A process that runs no GDS and reads no result as a frame
(``coderooms ingest``, ``bench.ingest.one``) calls :func:`without_data_frames` before the driver is first
imported; the driver then starts as if they were not installed.
"""

from __future__ import annotations

import sys

DATA_FRAME_STACK = ("numpy", "pandas", "pyarrow")


def without_data_frames() -> None:
    """Make the data-frame stack unimportable in this process (a ``None`` entry in ``sys.modules`` makes
    ``import`` raise ``ImportError``, which the driver takes for "not installed"). What is already
    imported stays."""
    for name in DATA_FRAME_STACK:
        sys.modules.setdefault(name, None)
