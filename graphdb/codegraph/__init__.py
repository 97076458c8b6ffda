"""The code graph in Neo4j: an ``ingest`` ScanResult loaded and read back.

Nodes ``Repo``, ``File``, ``Symbol``, ``Package`` (keyed by ``repo_id`` + record ``id``) and the relationships
``DEFINES``, ``CONTAINS``, ``IMPORTS``, ``CALLS``, ``INHERITS``, ``USES_PACKAGE``. Every statement is a catalog
file ``codegraph_*.cypher``. Those of a load say ``CYPHER replan=skip``: each plan finds its nodes by a key's
index, a hinted index or element id, or creates them, whatever the statistics, so planning again when they
move could only cost. Every lookup by key says ``USING INDEX SEEK``, as with stale statistics the planner may pick the
``repo_id`` index and turn a batch into a scan per row.
"""

from graphdb.codegraph import generations
from graphdb.codegraph.batches import SHARED_BATCH_SIZE, batch_parameters, run_batches, shared_batches
from graphdb.codegraph.reads import file_paths, parses_of, stored_files, stored_parses
from graphdb.codegraph.refresh import refresh_files
from graphdb.codegraph.rows import file_row
from graphdb.codegraph.sync import LoadReport, delete_code_graph, replace_repo, scan_and_sync, sync_repo

__all__ = [
    "SHARED_BATCH_SIZE",
    "LoadReport",
    "batch_parameters",
    "delete_code_graph",
    "file_paths",
    "file_row",
    "generations",
    "parses_of",
    "refresh_files",
    "replace_repo",
    "run_batches",
    "scan_and_sync",
    "shared_batches",
    "stored_files",
    "stored_parses",
    "sync_repo",
]
