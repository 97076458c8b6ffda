"""The loader's flows: an ``ingest`` ScanResult made the stored code graph of a repository.

``sync_repo`` is incremental: every File node keeps a digest of what the file contributes (its record,
symbols and outgoing edges, see ``ingest.digest``), and only changed files are written. Digests are written
last, so an interrupted load leaves null digests and the next sync rewrites those files; the result is the
graph a fresh load of the same scan writes. New files are created, not merged; should a node so created be
there after all (left by an interrupted delete, or a concurrent load), its key constraint fails the
transaction and the sync starts again merging every node. Constraints (``Database.apply_schema``) must exist.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from time import perf_counter

from neo4j.exceptions import ConstraintError

from graphdb.codegraph.batches import BATCH_SIZE, FILE_BATCH_SIZE, WORKERS, UnwindWriter, created_weight, shared_lists
from graphdb.codegraph.early_writes import EarlyWrites
from graphdb.codegraph.plan import Plan, plan_changes, planned_keys
from graphdb.codegraph.reads import stored_digests, unwritten_ends
from graphdb.codegraph.rows import edges_by_list
from graphdb.database import Database
from ingest import EdgeRecord, ParseSink, ScanResult
from ingest.digest import file_digests
from ingest.records import file_id


@dataclass(frozen=True)
class LoadReport:
    files_written: int
    files_deleted: int
    files_unchanged: int
    nodes_written: int
    relationships_written: int
    seconds: float

    @property
    def writes_per_second(self) -> float:
        return (self.nodes_written + self.relationships_written) / self.seconds if self.seconds else 0.0


def sync_repo(
    db: Database, repo_id: str, result: ScanResult, *, batch_size: int = BATCH_SIZE, workers: int = WORKERS
) -> LoadReport:
    """Make the stored code graph of ``repo_id`` equal to ``result``, writing only what changed.
    ``workers`` write transactions of one statement run at a time."""
    return _load(db, repo_id, result, batch_size, workers, None, perf_counter())


def scan_and_sync(
    db: Database,
    repo_id: str,
    scan: Callable[[ParseSink], ScanResult],
    *,
    batch_size: int = BATCH_SIZE,
    workers: int = WORKERS,
) -> tuple[ScanResult, LoadReport]:
    """``sync_repo`` of what ``scan`` returns, begun while it runs: ``scan`` passes the sink it is given to
    ``scan_tree(..., sink=...)``. Each parsed file that has no node yet is created at once, with its symbols,
    DEFINES and CONTAINS, while the scan parses on, and the relationships resolution makes between nodes so
    created while it resolves on; the rest is written once the scan is done (see ``early_writes``).
    The report's seconds run from the first write."""
    early = EarlyWrites(db, repo_id, batch_size, workers)
    try:
        result = scan(early)
    except BaseException:
        early.abandon()
        raise
    return result, _load(db, repo_id, result, batch_size, workers, early, early.started or perf_counter())


def replace_repo(db: Database, repo_id: str, result: ScanResult, *, batch_size: int = BATCH_SIZE) -> LoadReport:
    """Delete the stored code graph of ``repo_id`` and load ``result`` in full."""
    delete_code_graph(db, repo_id, batch_size=batch_size)
    return sync_repo(db, repo_id, result, batch_size=batch_size)


def delete_code_graph(db: Database, repo_id: str, *, batch_size: int = BATCH_SIZE) -> int:
    """Delete every File, Symbol and Package of ``repo_id`` (the Repo node and the store stay)."""
    deleted = 0
    for statement in ("codegraph_delete_symbol_batch", "codegraph_delete_file_batch", "codegraph_delete_package_batch"):
        while count := db.execute(statement, repo_id=repo_id, batch_size=batch_size)[0]["deleted"]:
            deleted += count
    return deleted


def _load(
    db: Database,
    repo_id: str,
    result: ScanResult,
    batch_size: int,
    workers: int,
    early: EarlyWrites | None,
    started: float,
) -> LoadReport:
    try:
        report = _sync(db, repo_id, result, batch_size, workers, create=True, early=early)
    except ConstraintError:
        # A node this load took for new was there after all (left by an interrupted delete, or written
        # meanwhile). What the attempt wrote has null digests: a load that merges every node completes it.
        report = _sync(db, repo_id, result, batch_size, workers, create=False)
    return replace(report, seconds=perf_counter() - started)


def _sync(
    db: Database,
    repo_id: str,
    result: ScanResult,
    batch_size: int,
    workers: int,
    *,
    create: bool,
    early: EarlyWrites | None = None,
) -> LoadReport:
    """One pass of ``sync_repo``; with ``create``, files with no node yet are created (not merged), with their
    symbols and the relationships among those, in one statement. ``early``: the writes ``scan_and_sync``
    began during the scan, and the stored digests they found; they are waited for here."""
    stored = early.stored if early is not None else stored_digests(db, repo_id)
    paths = {f.path for f in result.files}
    # Only a stored digest needs comparing; the others are written last, so they are made while this thread
    # would wait for writes (not beside the plan: the two would share the interpreter, and the first writes
    # would wait for both).
    digests = file_digests(result, {path for path in paths if stored.get(path) is not None})
    changed = {path for path in paths if stored.get(path) is None or digests[path] != stored[path]}
    vanished = sorted(set(stored) - paths)

    def digest_the_rest() -> None:
        digests.update(file_digests(result, changed.difference(digests)))

    # What is left to write is known once the scan is done: it is worked out while the early writes end.
    plan = plan_changes(
        result, stored, changed, vanished, create=create, told=early.told() if early is not None else None
    )
    nodes: dict[str, str] = {}
    if early is not None:
        digest_the_rest()  # while the early writes end
        nodes = early.wait()
    _write_changes(db, repo_id, plan, nodes, batch_size, workers, meanwhile=digest_the_rest if early is None else None)
    # Last: a file whose writes were interrupted keeps a null digest. In transactions of their own, as the
    # digests sent with their files' last relationships made the writers deadlock.
    unwind = UnwindWriter(db, repo_id, batch_size, workers)
    # Every changed file was written by this load, so its element id is known.
    keys = [(path, file_id(path)) for path in sorted(changed)]
    rows = [[nodes[key], key, digests[path]] for path, key in keys]
    unwind.run_jobs(unwind.write_jobs("codegraph_set_digests", rows))
    symbols_written = sum(1 for s in result.symbols if s.path in changed)
    return LoadReport(
        files_written=len(changed),
        files_deleted=len(vanished),
        files_unchanged=len(paths) - len(changed),
        nodes_written=len(changed) + symbols_written + len(result.packages),
        # with each written symbol's DEFINES
        relationships_written=sum(1 for edge in result.edges if edge.origin in changed) + symbols_written,
        seconds=0.0,
    )


def _write_changes(
    db: Database,
    repo_id: str,
    plan: Plan,
    nodes: dict[str, str],
    batch_size: int,
    workers: int,
    *,
    meanwhile: Callable[[], None] | None = None,
) -> None:
    """Everything of a sync but the digests. ``nodes``: the element ids of the nodes written so far, by key;
    those of the nodes written here are added. ``meanwhile`` runs on this thread while the first writes do.

    The node upserts return each node's element id, and the relationships find both ends by it, with no
    (locking) index seek per end; ends in unchanged files are looked up once, by key, while the nodes are
    written."""
    unwind = UnwindWriter(db, repo_id, batch_size, workers)
    unwind.run("codegraph_delete_files", "ids", plan.vanished)
    unwind.run("codegraph_clear_file_edges", "rows", plan.cleared)
    packages: dict[str, str] = {}
    edge_batches: list[dict[str, list[EdgeRecord]]] = []

    def beside_the_files() -> None:
        if meanwhile is not None:
            meanwhile()
        # A third transaction, from this thread: queued behind a file batch, it would hold up the next round.
        packages.update(unwind.nodes("codegraph_upsert_packages", plan.packages))
        # What the relationships' round needs but the new nodes' ids, made while this thread would wait, so
        # that the server is not left idle between the rounds.
        nodes.update(unwritten_ends(db, repo_id, plan.relationships, nodes, planned_keys(plan)))
        edge_batches.extend(shared_lists(edges_by_list(plan.relationships), batch_size, workers))

    # Statements that do not wait on each other run their batches together, ``workers`` at a time, so that a
    # small tree's load is no row of single transactions with the server mostly idle between them.
    nodes |= unwind.run_node_jobs(
        [
            *unwind.node_jobs("codegraph_create_files", plan.created, weight=created_weight(batch_size)),
            *unwind.node_jobs("codegraph_upsert_files", plan.files, batch_size=min(batch_size, FILE_BATCH_SIZE)),
        ],
        meanwhile=beside_the_files,
    )
    nodes |= packages
    # A symbol's upsert finds its file by key: the files' upserts come first.
    nodes |= unwind.nodes("codegraph_upsert_symbols", plan.symbols, weight=lambda row: len(row[1]))
    # Every relationship ends at a node written by now; the stale packages are none of their ends. Each batch's
    # rows are made in its writer's thread. The repository's own statement is a third transaction, from this
    # thread (queued, it would hold up the round).
    unwind.run_jobs(
        [partial(unwind.relationships, batch, nodes) for batch in edge_batches],
        meanwhile=partial(unwind.run_once, "codegraph_repo_finish", keep=[p[0] for p in plan.packages], **plan.figures),
    )
