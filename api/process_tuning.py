"""Process-wide tuning, in one place: how the server and the command line set the garbage collector.

Everything else a process could tune stays with what it tunes, and is named here so it can be found:
the driver's timeouts (``graphdb.connection.driver_options``), transaction retries (``graphdb.database``),
the parse worker processes (``ingest.tree_scan``: one per CPU, only for trees large enough to repay starting
them) and the loader's concurrent write transactions (``graphdb.codegraph``).
"""

from __future__ import annotations

import gc

# The server: a collection pauses every request in flight, so the aim is short pauses, not few. Each Neo4j
# query leaves objects in reference cycles that only a collection frees, and an edit batch allocates many
# short-lived models: a small young generation keeps each pause short, and full collections stay rare.
# bench/edit (the 10-op batch's p99) shows it.
SERVER_THRESHOLDS = (2_000, 10, 100)

# The command line: a scan and its load build millions of small objects that hold no cycles, and every
# collection walks what has accumulated since. Larger generations mean far fewer walks of the same objects;
# the process is short-lived, so what a rare cycle holds is freed at its next collection or exit.
# bench/ingest (the whole ingest of a tree) shows it.
CLI_THRESHOLDS = (50_000, 20, 100)


def tune_server() -> None:
    """For `coderooms serve`, once the app is built: what start-up made is frozen out of every collection."""
    gc.freeze()
    gc.set_threshold(*SERVER_THRESHOLDS)


def tune_cli() -> None:
    """For every other command, before it runs."""
    gc.freeze()
    gc.set_threshold(*CLI_THRESHOLDS)
