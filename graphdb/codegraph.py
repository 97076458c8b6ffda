"""The code-graph loader: a ``rooms.ingest`` ScanResult into Neo4j.

Nodes ``Repo``, ``File``, ``Symbol``, ``Package`` (keyed by ``repo_id`` + record ``id``) and the
relationships ``DEFINES``, ``CONTAINS``, ``IMPORTS``, ``CALLS``, ``INHERITS``, ``USES_PACKAGE``
with ``count``/``weight``/``confidence``, but for the structural ones (``DEFINES``, ``CONTAINS``): those are
1, 1.0 and 1.0 by construction and are not stored (``codegraph_read_relationships`` reads them so; the
clustering takes a missing weight for 1.0). Properties on 70,000 of django's 118,000 relationships cost
the server a fifth of its work on a load. Rows go in batches, each batch one managed write
transaction; every statement is a catalog file ``codegraph_*.cypher``.

``sync_repo`` is incremental: every File node keeps a digest of what the file contributes (its
record, symbols and outgoing edges, see ``rooms.ingest.digest``). Files whose digest is unchanged
are not touched; vanished files go with their symbols; changed files get their symbols upserted,
stale ones deleted, and their outgoing relationships replaced. Digests are written last, so an
interrupted load leaves null digests and the next sync rewrites those files. The result is the
graph a fresh load of the same scan writes. Each File also keeps its parse result as JSON
(``parse``), so ``stored_parses`` can feed the next incremental scan from the database alone.
Constraints (``Database.apply_schema``) must exist.

Files that have no node yet (all of them on a first load; ``codegraph_file_digests`` lists every File
node, null digests included) are created, not merged: one statement creates each such file with its
symbols, its DEFINES relationships and the relationships between its own symbols (CONTAINS, and CALLS
and INHERITS within the file: more than half of the rest), with no index seek or lookup at all. Should
a node it creates exist after all (a symbol left by an interrupted repository delete, a concurrent load),
the key constraint fails that transaction and the sync starts again merging every node: what the first
attempt wrote has null digests, so it is rewritten like any interrupted load.

Rows are positional lists (cheaper to encode than maps), sent as ``UNWIND $batch.rows`` batches, several
transactions at a time for symbols and relationships. The relationships of every kind go by one statement
(``codegraph_write_relationships``), a list of rows for each kind, so that a kind's few rows need no
transaction of their own. Every statement of a load takes its values in the one
map ``$batch`` (``batch_parameters``): Neo4j keys its cached plans by the parameters' types and, for a list
or a string, by the power of ten over its length, so bare ``$rows`` and ``$repo_id`` made plans for every
size of batch and of repository id, and a small repository's first load was mostly planning (rxjs's records
on a server that had loaded django: 0.61 s, now 0.14 s). And each says ``CYPHER replan=skip``: its plan is
made once and kept, as Neo4j would otherwise plan it again whenever the graph's statistics have moved far
since (a load after another repository's came or went). Every plan here finds its nodes by a key's index, a
hinted index or element id, or creates them, whatever the statistics (``test_a_load_keeps_the_plans_…``), so
planning again could only cost: in the bench, rxjs's ingest after mui-material's cost Neo4j 0.2–0.6 CPU-s
without it, 0.1 with it. The node upserts return each node's element id, and the relationship statement
finds both ends by it (no index seek per end: those seeks, locking ones in a write, were a quarter of the
server's work); ends in unchanged files are looked up once, by key, while the nodes are written.
Every lookup by key says ``USING INDEX SEEK``: left to itself the planner may pick the ``repo_id`` index (or
scan the key index) when its statistics are stale, which turns a batch into a scan per row. (A ``LOAD CSV``
path through the local server's import directory was measured too: no faster than these batches, so it is not
here.)

``scan_and_sync`` runs the load with its scan (``rooms.ingest.scan.ParseSink``), so the server works while
the client parses and resolves. It reads the stored digests first; each parsed file that has no node is
created as above, without the CALLS and INHERITS resolution has not made yet, in batches while the worker
processes parse on; each relationship that resolution makes final between two nodes so created is written
while resolution goes on. The rest (relationships of stored files, USES_PACKAGE, those whose ends were still
being created) is written after the scan, then the digests, last as ever: an interruption anywhere leaves
null digests for the next load to rewrite. The parse JSON comes made by the scan's worker processes
(``ScanResult.parse_json``), and the client's share runs with the cycle collector paused (``rooms.ingest.gc_pause``).
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from time import perf_counter
from typing import Any, LiteralString, TypeVar

from neo4j import ManagedTransaction
from neo4j.exceptions import ConstraintError

from graphdb.database import Database
from graphdb.queries import query
from rooms.ingest import EdgeRecord, FileParse, FileRecord, ParseSink, ScanResult, SymbolRecord
from rooms.ingest.assemble import FileGraph
from rooms.ingest.digest import file_digests
from rooms.ingest.gc_pause import cycle_collector_paused
from rooms.ingest.records import STRUCTURAL_EDGE_KINDS, file_id

T = TypeVar("T")

# Rows (nodes and relationships) per transaction. Small transactions keep the server's live transaction state
# small: with 10,000 and 4 at a time, garbage collection took a third of its CPU (django, 2 CPUs). 5,000 (2 at
# a time) against 2,000, means of interleaved runs on django: its load alone 41k -> 45k writes/s, its whole
# ingest 11.5 -> 10.9 s.
BATCH_SIZE = 5_000
# File rows carry their parse result as JSON (kilobytes each): fewer per transaction keeps them small.
FILE_BATCH_SIZE = 500
WORKERS = 2  # concurrent write transactions: one is written while the other commits or travels
# A statement's rows too few to fill a batch per writer are shared out among the writers (``shared_batches``),
# in batches of no fewer rows than this.
SHARED_BATCH_SIZE = 500

# edge kind -> the codegraph_write_relationships list of its rows (the relationship type is literal in the
# statement). DEFINES is written with the symbols it points at (no lookups of its own).
_RELATIONSHIP_LISTS = {
    "CONTAINS": "contains",
    "IMPORTS": "imports",
    "CALLS": "calls",
    "INHERITS": "inherits",
    "USES_PACKAGE": "uses_package",
}


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


def sync_repo(db: Database, repo_id: str, result: ScanResult, *, batch_size: int = BATCH_SIZE,
              workers: int = WORKERS) -> LoadReport:
    """Make the stored code graph of ``repo_id`` equal to ``result``, writing only what changed.
    ``workers`` write transactions of one statement run at a time."""
    with cycle_collector_paused():
        return _load(db, repo_id, result, batch_size, workers, None, perf_counter())


def scan_and_sync(db: Database, repo_id: str, scan: Callable[[ParseSink], ScanResult], *,
                  batch_size: int = BATCH_SIZE, workers: int = WORKERS) -> tuple[ScanResult, LoadReport]:
    """``sync_repo`` of what ``scan`` returns, begun while it runs: ``scan`` passes the sink it is given to
    ``scan_tree(..., sink=...)``. Each parsed file that has no node yet is created at once, with its symbols,
    DEFINES and CONTAINS, while the scan parses on, and the relationships resolution makes between nodes so
    created while it resolves on; the rest is written once the scan is done (see the module's docstring).
    The report's seconds run from the first write."""
    early = _EarlyWrites(db, repo_id, batch_size, workers)
    with cycle_collector_paused():  # one pause for both (the scan's own is then no pause of its own)
        try:
            result = scan(early)
        except BaseException:
            early.abandon()
            raise
        return result, _load(db, repo_id, result, batch_size, workers, early, early.started or perf_counter())


def _load(db: Database, repo_id: str, result: ScanResult, batch_size: int, workers: int,
          early: _EarlyWrites | None, started: float) -> LoadReport:
    try:
        report = _sync(db, repo_id, result, batch_size, workers, create=True, early=early)
    except ConstraintError:
        # A node this load took for new was there after all (left by an interrupted delete, or written
        # meanwhile). What the attempt wrote has null digests: a load that merges every node completes it.
        report = _sync(db, repo_id, result, batch_size, workers, create=False)
    return replace(report, seconds=perf_counter() - started)


def _stored_digests(db: Database, repo_id: str) -> dict[str, str | None]:
    return {row["path"]: row["digest"] for row in db.rows("codegraph_file_digests", **batch_parameters(repo_id))}


def _sync(db: Database, repo_id: str, result: ScanResult, batch_size: int, workers: int, *, create: bool,
          early: _EarlyWrites | None = None) -> LoadReport:
    """One pass of ``sync_repo``; with ``create``, files with no node yet are created (not merged), with their
    symbols and the relationships among those, in one statement. ``early``: the writes ``scan_and_sync``
    began during the scan, and the stored digests they found; they are waited for here."""
    stored = early.stored if early is not None else _stored_digests(db, repo_id)
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
    plan = _plan_changes(result, stored, changed, vanished, create=create,
                         told=early.told() if early is not None else None)
    nodes: dict[str, str] = {}
    if early is not None:
        digest_the_rest()  # while the early writes end
        nodes = early.wait()
    _write_changes(db, repo_id, plan, nodes, batch_size, workers,
                   meanwhile=digest_the_rest if early is None else None)
    # Last: a file whose writes were interrupted keeps a null digest. (Sent in the transactions of their files'
    # last relationships, the digests made the writers deadlock: 10 retried deadlocks in 6 loads of rxjs's records.)
    unwind = _UnwindWriter(db, repo_id, batch_size, workers)
    # Every changed file was written by this load, so its element id is known.
    keys = [(path, file_id(path)) for path in sorted(changed)]
    unwind.run_jobs(unwind.write_jobs("codegraph_set_digests", [[nodes[key], key, digests[path]] for path, key in keys]))
    return LoadReport(
        files_written=len(changed),
        files_deleted=len(vanished),
        files_unchanged=len(paths) - len(changed),
        nodes_written=len(changed) + sum(1 for s in result.symbols if s.path in changed) + len(result.packages),
        relationships_written=sum(1 for edge in result.edges if edge.origin in changed),
        seconds=0.0,
    )


@dataclass(frozen=True)
class _Plan:
    """The rows of a sync's writes but the digests (see ``_plan_changes``)."""

    vanished: list[str]              # file ids to delete
    cleared: list[list[Any]]         # codegraph_clear_file_edges rows of rewritten files
    created: list[list[Any]]         # codegraph_create_files rows
    files: list[list[Any]]           # codegraph_upsert_files rows
    symbols: list[list[Any]]         # codegraph_upsert_symbols rows
    packages: list[list[Any]]
    relationships: list[EdgeRecord]  # written by codegraph_write_relationships, once their ends' ids are known
    figures: dict[str, int]          # the Repo node's figures (codegraph_repo_finish)


def _plan_changes(result: ScanResult, stored: dict[str, str | None], changed: set[str], vanished: list[str], *,
                  create: bool, told: _Told | None) -> _Plan:
    """What a sync writes besides what the early writes were told: vanished files deleted, changed ones and
    their relationships written."""
    cleared = []
    if rewritten := sorted(path for path in changed if path in stored):
        symbols_by_file: dict[str, list[str]] = defaultdict(list)
        for symbol in result.symbols:
            symbols_by_file[symbol.path].append(symbol.id)
        cleared = [[file_id(path), symbols_by_file.get(path, [])] for path in rewritten]

    early = told.paths if told is not None else frozenset()
    new = {path for path in changed if path not in stored and path not in early} if create else set()
    files = [file_row(f, _parse_json(result, f.path)) for f in result.files
             if f.path in changed and f.path not in early]
    symbols = _symbols_by_file([s for s in result.symbols if s.path in changed and s.path not in early])
    written = told.relationships if told is not None else frozenset()
    relationships = [edge for edge in result.edges if edge.kind != "DEFINES" and edge.origin in changed]
    if early or written:  # (a first load alone has neither: django's 118,000 edges, 50 ms less)
        relationships = [edge for edge in relationships if not (edge.kind == "CONTAINS" and edge.origin in early)
                         and (edge.kind, edge.source, edge.target) not in written]
    new_ids = {file_id(path) for path in new}
    created, relationships = _created_file_rows([row for row in files if row[0] in new_ids],
                                                [row for row in symbols if row[0] in new_ids], relationships)
    return _Plan(
        vanished=[file_id(path) for path in vanished],
        cleared=cleared,
        created=created,
        files=[row for row in files if row[0] not in new_ids],
        symbols=[row for row in symbols if row[0] not in new_ids],
        packages=[[p.id, p.ecosystem, p.name] for p in result.packages],
        relationships=relationships,
        figures={"files": len(result.files), "symbols": len(result.symbols), "relationships": len(result.edges),
                 "packages": len(result.packages)},
    )


def _write_changes(db: Database, repo_id: str, plan: _Plan, nodes: dict[str, str], batch_size: int,
                   workers: int, *, meanwhile: Callable[[], None] | None = None) -> None:
    """Everything of a sync but the digests. ``nodes``: the element ids of the nodes written so far, by key;
    those of the nodes written here are added. ``meanwhile`` runs on this thread while the first writes do."""
    unwind = _UnwindWriter(db, repo_id, batch_size, workers)
    unwind.run("codegraph_delete_files", "ids", plan.vanished)
    unwind.run("codegraph_clear_file_edges", "rows", plan.cleared)
    packages: dict[str, str] = {}
    edge_batches: list[dict[str, list[EdgeRecord]]] = []

    def beside_the_files() -> None:
        if meanwhile is not None:
            meanwhile()
        # A third transaction, from this thread: queued behind a file batch it held up the next round.
        packages.update(unwind.nodes("codegraph_upsert_packages", plan.packages))
        # What the relationships' round needs but the new nodes' ids, made while this thread would wait (it held
        # the server idle between the rounds: mui-material's records, 17 of 380 ms).
        nodes.update(_unwritten_ends(db, repo_id, plan.relationships, _written_keys(plan, nodes)))
        edge_batches.extend(_shared_lists(_edges_by_list(plan.relationships), batch_size, workers))

    # Statements that do not wait on each other run their batches together, ``workers`` at a time: one after
    # the other, a small tree's load was a row of single transactions with the server mostly idle between.
    nodes |= unwind.run_node_jobs([
        *unwind.node_jobs("codegraph_create_files", plan.created, weight=_created_weight(batch_size)),
        *unwind.node_jobs("codegraph_upsert_files", plan.files, batch_size=min(batch_size, FILE_BATCH_SIZE)),
    ], meanwhile=beside_the_files)
    nodes |= packages
    # A symbol's upsert finds its file by key: the files' upserts come first.
    nodes |= unwind.nodes("codegraph_upsert_symbols", plan.symbols, weight=lambda row: len(row[1]))
    # Every relationship ends at a node written by now; the stale packages are none of their ends. Each batch's
    # rows are made in its writer's thread. The repository's own statement is a third transaction, from this
    # thread (queued, it held up the round).
    unwind.run_jobs([partial(unwind.relationships, batch, nodes) for batch in edge_batches],
                    meanwhile=partial(unwind.run_once, "codegraph_repo_finish", keep=[p[0] for p in plan.packages],
                                      **plan.figures))


@dataclass(frozen=True)
class _Told:
    """What the early writes were given, final once the scan has returned."""

    paths: frozenset[str]  # the files they create: every parsed file that had no node
    relationships: frozenset[tuple[str, str, str]]  # (kind, source, target) of the relationships they write


class _EarlyWrites:
    """The writes of ``scan_and_sync`` during the scan: a ``ParseSink`` that sends each batch of new files as
    it fills (``workers`` transactions at a time), then each batch of the resolved relationships that start in
    a file it created and end at a node it created (the rest is left to the sync), one transaction at a time
    while the scan resolves (one transaction keeps the other CPU busy), ``workers`` at a time once it is done
    (what is left then is all the client waits for)."""

    def __init__(self, db: Database, repo_id: str, batch_size: int, workers: int) -> None:
        self.stored = _stored_digests(db, repo_id)  # by path, read before anything was created
        self._stop = threading.Event()
        self._writer = _UnwindWriter(db, repo_id, batch_size, stop=self._stop)
        self._pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="codegraph-early")
        self._relationship_workers = max(1, workers)
        self._relationship_pool = ThreadPoolExecutor(max_workers=self._relationship_workers,
                                                     thread_name_prefix="codegraph-early-edges")
        self._relationship_slots = threading.Semaphore(1)  # more in wait()
        self._batch_size = batch_size
        self._weight = _created_weight(batch_size)
        self._batch: list[list[Any]] = []
        self._batch_weight = 0
        self._creates: list[Future[list[tuple[str, str]]]] = []
        self._futures: list[Future[Any]] = []  # creates and relationship batches
        self._paths: set[str] = set()
        self._nodes: dict[str, str] = {}  # element ids from the creates done so far
        self._collected = 0  # creates whose ids are in _nodes, or still running, from the first on
        self._edges: dict[str, list[list[Any]]] = defaultdict(list)  # relationship rows not yet sent, by list
        self._edge_count = 0  # of those rows
        self._written: set[tuple[str, str, str]] = set()
        self.started: float | None = None  # when the first batch was sent

    def parsed(self, parse: FileParse, parse_json: str | None, graph: FileGraph) -> None:
        if parse.path in self.stored:
            return
        self._paths.add(parse.path)
        row = _structure_row(parse, parse_json, graph)
        weight = self._weight(row)
        if self._batch and self._batch_weight + weight > self._batch_size:
            self._send_files()
        self._batch.append(row)
        self._batch_weight += weight

    def all_parsed(self) -> None:
        if self._batch:
            self._send_files()

    def resolved(self, edges: list[EdgeRecord]) -> None:
        if self._stop.is_set():
            return
        self._collect()
        nodes = self._nodes
        for edge in edges:
            if edge.origin not in self._paths:
                continue
            source, target = nodes.get(edge.source), nodes.get(edge.target)
            if source is None or target is None:  # a node stored before, a package, or a create still running
                continue
            self._edges[_RELATIONSHIP_LISTS[edge.kind]].append(_relationship_row(source, target, edge))
            self._written.add((edge.kind, edge.source, edge.target))
            self._edge_count += 1
            if self._edge_count >= self._batch_size:
                self._send_relationships()

    def _collect(self) -> None:
        """The element ids of the creates done, in the order sent, up to the first still running."""
        for future in self._creates[self._collected:]:
            if not future.done() or future.exception() is not None:
                return
            self._nodes.update(future.result())
            self._collected += 1

    def _write_relationships(self, lists: dict[str, list[list[Any]]]) -> None:
        with self._relationship_slots:
            self._writer.relationship_rows(lists)

    def _send_files(self) -> None:
        self._creates.append(self._send(self._pool, self._writer.node_batch, "codegraph_create_files", self._batch))
        self._batch, self._batch_weight = [], 0

    def _send_relationships(self) -> None:
        self._send(self._relationship_pool, self._write_relationships, self._edges)
        self._edges, self._edge_count = defaultdict(list), 0

    def _send(self, pool: ThreadPoolExecutor, write: Callable[..., T], *args: Any) -> Future[T]:
        if self.started is None:
            self.started = perf_counter()
        future = pool.submit(write, *args)
        future.add_done_callback(self._stop_on_failure)
        self._futures.append(future)
        return future

    def _stop_on_failure(self, done: Future[Any]) -> None:
        if not done.cancelled() and done.exception() is not None:
            self._stop.set()  # the load goes on merging (a key clash) or fails: what is not yet sent is not wanted

    def told(self) -> _Told:
        """What these writes were given (and will have written once ``wait`` returns)."""
        return _Told(frozenset(self._paths), frozenset(self._written))

    def wait(self) -> dict[str, str]:
        """The element ids of the nodes written, by key, once every write has ended; raises what a write raised
        (the first failure, not the stops it caused)."""
        self.all_parsed()  # a scan that never said so (it told no file, or did not use the sink)
        # What is left is shared out among the writers (all of them now): no more rows come.
        for lists in _shared_lists(self._edges, self._batch_size, self._relationship_workers):
            self._send(self._relationship_pool, self._write_relationships, lists)
        self._relationship_slots.release(self._relationship_workers - 1)
        self._pool.shutdown()
        self._relationship_pool.shutdown()
        failures = [error for future in self._futures if (error := future.exception()) is not None]
        if failures:
            raise next((error for error in failures if not isinstance(error, _Stopped)), failures[0])
        self._collect()
        self._creates, self._futures = [], []  # their ids are in _nodes now: hold them once (a large tree's are many)
        return self._nodes

    def abandon(self) -> None:
        """The scan failed: send no more, and wait for the transactions running."""
        self._stop.set()
        self._pool.shutdown(cancel_futures=True)
        self._relationship_pool.shutdown(cancel_futures=True)


def _structure_row(parse: FileParse, parse_json: str | None, graph: FileGraph) -> list[Any]:
    """The codegraph_create_files row of a new file with what its parse alone gives: the file, its symbols
    with DEFINES, and CONTAINS (CALLS and INHERITS come from resolution)."""
    record, symbols, structure = graph
    position = {symbol.id: index for index, symbol in enumerate(symbols)}
    contains = [_relationship_row(position[edge.source], position[edge.target], edge)
                for edge in structure if edge.kind == "CONTAINS"]
    return [*file_row(record, parse_json or parse.to_json_text()), [list(symbol) for symbol in symbols], contains,
            [], []]


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


def stored_parses(db: Database, repo_id: str) -> dict[str, FileParse]:
    """The parse results stored with the files: ``scan_tree(root, previous=...)`` reuses them."""
    parses = {}
    for row in db.rows("codegraph_stored_parses", repo_id=repo_id):
        try:
            parses[row["path"]] = FileParse.from_json_text(row["parse"])
        except (ValueError, KeyError, TypeError):
            continue  # written by another version: that file is parsed again
    return parses


def file_row(record: FileRecord, parse_json: str | None = None) -> list[Any]:
    """[id, path, language, size, sha256, lines, parse JSON or None]."""
    return [*record, parse_json]


def _parse_json(result: ScanResult, path: str) -> str | None:
    """The parse JSON of a file: made by the scan's worker processes, else here."""
    text = result.parse_json.get(path)
    if text is None and (parse := result.parses.get(path)) is not None:
        text = parse.to_json_text()
    return text


def _symbols_by_file(symbols: Sequence[SymbolRecord]) -> list[list[Any]]:
    """[[file id, [[id, path, kind, name, qualified name, start line, end line] ...]] ...]: each file's symbols,
    which the file DEFINES (a structural relationship: no properties to send)."""
    grouped: dict[str, list[list[Any]]] = defaultdict(list)
    for s in symbols:
        grouped[s.path].append(list(s))
    return [[file_id(path), rows] for path, rows in grouped.items()]


# relationship kinds written by codegraph_create_files between the symbols of one file: row index of each
_CREATED_EDGE_COLUMNS = {"CONTAINS": 8, "CALLS": 9, "INHERITS": 10}


def _created_file_rows(files: Sequence[list[Any]], symbols: Sequence[list[Any]],
                       relationships: Sequence[EdgeRecord]) -> tuple[list[list[Any]], list[EdgeRecord]]:
    """Rows of codegraph_create_files for new files (file rows, and their symbol rows as _symbols_by_file
    groups them), and the relationships left for codegraph_write_relationships: those that do not join two
    symbols of one new file."""
    if not files:
        return [], list(relationships)
    rows = {row[0]: [*row, [], [], [], []] for row in files}
    position: dict[str, tuple[list[Any], int]] = {}  # symbol id -> (its file's row, index in the file's symbols)
    for key, file_symbols in symbols:
        row = rows[key]
        row[7] = file_symbols
        for index, symbol in enumerate(file_symbols):
            position[symbol[0]] = (row, index)
    rest = []
    for edge in relationships:
        column = _CREATED_EDGE_COLUMNS.get(edge.kind)
        if column is None:
            rest.append(edge)
            continue
        source, target = position.get(edge.source), position.get(edge.target)
        if source is None or target is None or source[0] is not target[0]:
            rest.append(edge)
            continue
        source[0][column].append(_relationship_row(source[1], target[1], edge))
    return list(rows.values()), rest


def _relationship_row(source: Any, target: Any, edge: EdgeRecord) -> list[Any]:
    """A relationship's row: its ends (element ids, or symbol positions in a created file's row),
    then the edge's count, weight and confidence; a structural edge (CONTAINS) has its ends only."""
    if edge.kind in STRUCTURAL_EDGE_KINDS:
        return [source, target]
    return [source, target, edge.count, edge.weight, edge.confidence]


def _created_weight(batch_size: int) -> Callable[[list[Any]], int]:
    """A codegraph_create_files row weighs its nodes and relationships, and a file at least a
    FILE_BATCH_SIZE-th of a batch (its parse JSON)."""
    least = max(1, batch_size // FILE_BATCH_SIZE)
    return lambda row: max(least, 1 + 2 * len(row[7]) + len(row[8]) + len(row[9]) + len(row[10]))


def _written_keys(plan: _Plan, nodes: dict[str, str]) -> set[str]:
    """The keys of the nodes a sync writes: those in ``nodes`` (the early writes') and those of ``plan``."""
    keys = set(nodes)
    for row in plan.created:
        keys.add(row[0])
        keys.update(symbol[0] for symbol in row[7])
    keys.update(row[0] for row in plan.files)
    for _file, symbols in plan.symbols:
        keys.update(symbol[0] for symbol in symbols)
    keys.update(package[0] for package in plan.packages)
    return keys


def _unwritten_ends(db: Database, repo_id: str, edges: Sequence[EdgeRecord], written: set[str]) -> dict[str, str]:
    """Element ids of the relationships' ends that are not ``written`` by this load (in unchanged files), by key.
    This load writes nothing of theirs: they may be looked up while it writes."""
    missing = {end for edge in edges for end in (edge.source, edge.target) if end not in written}
    if not missing:
        return {}
    files = sorted(end for end in missing if end.startswith("file::"))
    symbols = sorted(missing.difference(files))  # packages are all written by every load
    return {row["id"]: row["node"]
            for row in db.rows("codegraph_element_ids", **batch_parameters(repo_id, files=files, symbols=symbols))}


def _edges_by_list(edges: Iterable[EdgeRecord]) -> dict[str, list[EdgeRecord]]:
    """``edges`` by the codegraph_write_relationships list their rows go in."""
    lists: dict[str, list[EdgeRecord]] = defaultdict(list)
    for edge in edges:
        lists[_RELATIONSHIP_LISTS[edge.kind]].append(edge)
    return lists


def _relationship_rows(edges: Iterable[EdgeRecord], nodes: dict[str, str]) -> list[list[Any]]:
    """A codegraph_write_relationships list's rows (``_relationship_row``) of ``edges``; an edge with an end
    that has no node is left out, as a lookup by key would leave it."""
    rows = []
    for edge in edges:
        source, target = nodes.get(edge.source), nodes.get(edge.target)
        if source is not None and target is not None:
            rows.append(_relationship_row(source, target, edge))
    return rows


def _shared_lists(lists: dict[str, list[T]], batch_size: int, workers: int) -> list[dict[str, list[T]]]:
    """codegraph_write_relationships batches of ``lists``' rows: the lists one after the other (by name), cut
    as ``shared_batches`` cuts rows. A kind's few rows share a transaction with another's (a transaction for
    each made a small tree's last round a queue of small ones); a large kind's batches stay of that kind alone,
    as they were. (Each kind spread evenly over every batch was no faster.)"""
    tagged = [(name, row) for name in sorted(lists) for row in lists[name]]
    batches = []
    for batch_rows in shared_batches(tagged, batch_size, workers):
        batch: dict[str, list[T]] = defaultdict(list)
        for name, row in batch_rows:
            batch[name].append(row)
        batches.append(dict(batch))
    return batches


def batch_parameters(repo_id: str, **values: Any) -> dict[str, Any]:
    """The parameters of a loader statement: the repository id and ``values`` in the one map ``$batch``. A map
    parameter has no size in Neo4j's plan cache key (a list or a string has its length's power of ten), so
    one plan serves every batch and every repository."""
    return {"batch": {"repo_id": repo_id, **values}}


class _UnwindWriter:
    """Runs a statement over rows in ``UNWIND`` batches, one managed write transaction per batch."""

    def __init__(self, db: Database, repo_id: str, batch_size: int, workers: int = 1,
                 stop: threading.Event | None = None) -> None:
        self._db = db
        self._repo_id = repo_id
        self._batch_size = batch_size
        self._workers = workers
        self._stop = stop  # once set, batches not yet begun fail with _Stopped

    def write_jobs(self, name: str, rows: Sequence[Any]) -> list[Callable[[], None]]:
        """The transactions of a statement over ``rows``, a batch each, for ``run_jobs``: they may run
        concurrently with each other and with any that do not wait on them (see ``shared_batches``)."""
        return [partial(self.batch, name, batch) for batch in shared_batches(rows, self._batch_size, self._workers)]

    def nodes(self, name: str, rows: Sequence[Any], *, batch_size: int | None = None,
              weight: Callable[[Any], int] | None = None) -> dict[str, str]:
        """Rows of a node upsert whose statement returns ``ids, nodes`` (keys and element ids): {id: element id}.
        Batches run ``workers`` at a time."""
        return self.run_node_jobs(self.node_jobs(name, rows, batch_size=batch_size, weight=weight))

    def node_jobs(self, name: str, rows: Sequence[Any], *, batch_size: int | None = None,
                  weight: Callable[[Any], int] | None = None) -> list[Callable[[], list[tuple[str, str]]]]:
        """``nodes``' transactions, for ``run_node_jobs`` to run with any that do not wait on them (see
        ``shared_batches``)."""
        return [partial(self.node_batch, name, batch)
                for batch in shared_batches(rows, batch_size or self._batch_size, self._workers, weight)]

    def run_node_jobs(self, jobs: Sequence[Callable[[], list[tuple[str, str]]]], *,
                      meanwhile: Callable[[], None] | None = None) -> dict[str, str]:
        """Node upsert transactions, ``workers`` at a time: {id: element id} of all their nodes. ``meanwhile``
        runs on this thread once they are sent."""
        nodes: dict[str, str] = {}
        for pairs in self.run_jobs(jobs, meanwhile=meanwhile):
            nodes.update(pairs)
        return nodes

    def run_jobs(self, jobs: Sequence[Callable[[], T]], *, meanwhile: Callable[[], None] | None = None) -> list[T]:
        """Transactions, ``workers`` at a time: their results in order. ``meanwhile`` runs on this thread once
        they are sent."""
        return run_batches(jobs, self._workers, meanwhile=meanwhile)

    def node_batch(self, name: str, rows: list[Any]) -> list[tuple[str, str]]:
        """One transaction of a node upsert (see ``nodes``): its (key, element id) pairs."""
        return self._write(_unit_of_work(query(name), batch_parameters(self._repo_id, rows=rows), returns=True))

    def batch(self, name: str, rows: list[Any]) -> None:
        """One transaction of a statement over ``rows``."""
        self._write(_unit_of_work(query(name), batch_parameters(self._repo_id, rows=rows)))

    def relationships(self, lists: dict[str, list[EdgeRecord]], nodes: dict[str, str]) -> None:
        """One transaction of codegraph_write_relationships: ``lists`` (by ``_RELATIONSHIP_LISTS`` name) of edges
        whose ends' element ids are in ``nodes``."""
        self.relationship_rows({name: _relationship_rows(edges, nodes) for name, edges in lists.items()})

    def relationship_rows(self, lists: dict[str, list[list[Any]]]) -> None:
        """One transaction of codegraph_write_relationships: its lists of rows by name (``_RELATIONSHIP_LISTS``);
        those not given are empty."""
        given = {name: lists.get(name, []) for name in _RELATIONSHIP_LISTS.values()}
        self._write(_unit_of_work(query("codegraph_write_relationships"), batch_parameters(self._repo_id, **given)))

    def run(self, name: str, key: str, rows: Sequence[Any]) -> None:
        """A statement over ``rows`` (passed as ``key``), one batch after the other."""
        statement = query(name)
        for batch in shared_batches(rows, self._batch_size, 1):
            self._write(_unit_of_work(statement, batch_parameters(self._repo_id, **{key: batch})))

    def run_once(self, name: str, **params: Any) -> None:
        self._write(_unit_of_work(query(name), batch_parameters(self._repo_id, **params)))

    def _write(self, work: Callable[[ManagedTransaction], T]) -> T:
        if self._stop is not None and self._stop.is_set():
            raise _Stopped
        return self._db.write(work)


def shared_batches(rows: Sequence[T], batch_size: int, workers: int,
                   weight: Callable[[T], int] | None = None) -> list[list[T]]:
    """``rows`` cut, in order, into batches of about equal weight (one per row unless ``weight`` says), at most
    ``batch_size`` each but for a row's weight. As many as that takes, rounded up to a multiple of ``workers``
    (so that no writer idles through the last round while another writes it all), but not so many that a batch
    weighs under ``SHARED_BATCH_SIZE``. (Cut greedily, weighed rows left a tail: two files' batches full and a
    third of one file, a transaction of its own after them.)"""
    weights = [weight(row) for row in rows] if weight is not None else [1] * len(rows)
    total = sum(weights)
    needed = -(-total // batch_size)
    count = max(1, needed, min(-(-needed // max(1, workers)) * max(1, workers), total // SHARED_BATCH_SIZE))
    batches: list[list[T]] = [[] for _ in range(count)]
    before = 0
    for row, row_weight in zip(rows, weights, strict=True):
        # the batch whose share of the total weight holds the row's middle
        batches[min(count - 1, (2 * before + row_weight) * count // (2 * max(1, total)))].append(row)
        before += row_weight
    return [batch for batch in batches if batch]


class _Stopped(Exception):
    """A load given up (its scan failed) starts no more transactions."""


def _unit_of_work(statement: LiteralString, params: dict[str, Any], returns: bool = False):  # noqa: ANN202
    """A transaction function (pure in its arguments: safe to retry); with ``returns``, it answers the
    statement's one record ``ids, nodes`` (two lists in step) as ``(id, element id)`` pairs."""
    def work(tx: ManagedTransaction) -> list[tuple[str, str]] | None:
        result = tx.run(statement, params)
        if returns:
            record = result.single(strict=True)
            return list(zip(record["ids"], record["nodes"], strict=True))
        result.consume()
        return None

    return work


def run_batches(jobs: Sequence[Callable[[], T]], workers: int, *,
                meanwhile: Callable[[], None] | None = None) -> list[T]:
    """Run every job, ``workers`` at a time; their results in order. ``meanwhile`` runs on the calling
    thread once the jobs are sent, while they run. On a failure the jobs not yet started are cancelled, and
    the failure is raised once the running ones have ended."""
    if meanwhile is None and (workers <= 1 or len(jobs) <= 1):
        return [job() for job in jobs]
    with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="codegraph-load") as pool:
        futures = [pool.submit(job) for job in jobs]
        try:
            if meanwhile is not None:
                meanwhile()
            return [future.result() for future in futures]
        except BaseException:
            for future in futures:
                future.cancel()
            raise
