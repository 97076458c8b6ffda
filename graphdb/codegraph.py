"""The code-graph loader: a ``rooms.ingest`` ScanResult into Neo4j.

Nodes ``Repo``, ``File``, ``Symbol``, ``Package`` (keyed by ``repo_id`` + record ``id``) and the
relationships ``DEFINES``, ``CONTAINS``, ``IMPORTS``, ``CALLS``, ``INHERITS``, ``USES_PACKAGE``
with ``count``/``weight``/``confidence``. Rows go in batches, each batch one managed write
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

Rows are positional lists (cheaper to encode than maps), sent as ``UNWIND $rows`` batches, several
transactions at a time for symbols and relationships. The node upserts return each node's element id, and
the relationship statements find both ends by it (no index seek per end: those seeks, locking ones in a
write, were a quarter of the server's work); ends in unchanged files are looked up once, by key, first.
Every lookup by key says ``USING INDEX SEEK``:
left to itself the planner may pick the ``repo_id`` index (or scan the key index) when its statistics
are stale, which turns a batch into a scan per row. (A ``LOAD CSV`` path through the local server's
import directory was measured too: no faster than these batches, so it is not here.)
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from time import perf_counter
from typing import Any, LiteralString, TypeVar

from neo4j import ManagedTransaction
from neo4j.exceptions import ConstraintError

from graphdb.database import Database
from graphdb.queries import query
from rooms.ingest import EdgeRecord, FileParse, FileRecord, ScanResult, SymbolRecord
from rooms.ingest.digest import file_digests

T = TypeVar("T")

# Rows (nodes and relationships) per transaction. Small transactions keep the server's live transaction state
# small: with 10,000 and 4 at a time, garbage collection took a third of its CPU (django, 2 CPUs).
BATCH_SIZE = 2_000
# File rows carry their parse result as JSON (kilobytes each): fewer per transaction keeps them small.
FILE_BATCH_SIZE = 500
WORKERS = 2  # concurrent write transactions: one is written while the other commits or travels

# edge kind -> statement; the relationship type is literal in each statement. DEFINES is written with the
# symbols it points at (one statement per file's symbols: no lookups of its own).
_EDGE_STATEMENTS = {
    "CONTAINS": "codegraph_edges_contains",
    "IMPORTS": "codegraph_edges_imports",
    "CALLS": "codegraph_edges_calls",
    "INHERITS": "codegraph_edges_inherits",
    "USES_PACKAGE": "codegraph_edges_uses_package",
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
    started = perf_counter()
    digests = file_digests(result)
    try:
        report = _sync(db, repo_id, result, digests, batch_size, workers, create=True)
    except ConstraintError:
        # A node this load took for new was there after all (left by an interrupted delete, or written
        # meanwhile). What the attempt wrote has null digests: a load that merges every node completes it.
        report = _sync(db, repo_id, result, digests, batch_size, workers, create=False)
    return replace(report, seconds=perf_counter() - started)


def _sync(db: Database, repo_id: str, result: ScanResult, digests: dict[str, str], batch_size: int, workers: int,
          *, create: bool) -> LoadReport:
    """One pass of ``sync_repo``; with ``create``, files with no node yet are created (not merged), with their
    symbols and the relationships among those, in one statement."""
    stored = {row["path"]: row["digest"] for row in db.rows("codegraph_file_digests", repo_id=repo_id)}
    changed = {path for path, digest in digests.items() if stored.get(path) != digest}
    vanished = sorted(set(stored) - set(digests))
    unwind = _UnwindWriter(db, repo_id, batch_size, workers)

    unwind.run("codegraph_delete_files", "ids", [f"file::{path}" for path in vanished])
    symbols_by_file: dict[str, list[str]] = defaultdict(list)
    for symbol in result.symbols:
        symbols_by_file[symbol.path].append(symbol.id)
    unwind.run("codegraph_clear_file_edges", "rows", [
        [f"file::{path}", symbols_by_file.get(path, [])] for path in sorted(changed) if path in stored
    ])

    new = {path for path in changed if path not in stored} if create else set()
    files = [file_row(f, result.parses.get(f.path)) for f in result.files if f.path in changed]
    edges = [edge for edge in result.edges if edge.origin in changed]
    symbols = _symbols_by_file([s for s in result.symbols if s.path in changed], edges)
    packages = [[p.id, p.ecosystem, p.name] for p in result.packages]
    relationships = [edge for edge in edges if edge.kind != "DEFINES"]
    new_ids = {f"file::{path}" for path in new}
    created, relationships = _created_file_rows([row for row in files if row[0] in new_ids],
                                                [row for row in symbols if row[0] in new_ids], relationships)
    nodes = unwind.nodes("codegraph_create_files", created, weight=_created_weight(batch_size))
    nodes |= unwind.nodes("codegraph_upsert_files", [row for row in files if row[0] not in new_ids],
                          batch_size=min(batch_size, FILE_BATCH_SIZE))
    nodes |= unwind.nodes("codegraph_upsert_symbols", [row for row in symbols if row[0] not in new_ids],
                          weight=lambda row: len(row[1]))
    nodes |= unwind.nodes("codegraph_upsert_packages", packages)
    nodes |= _unwritten_ends(db, repo_id, relationships, nodes)
    for statement, rows in _edge_rows(relationships, nodes):
        unwind.write(statement, rows)
    unwind.run_once("codegraph_delete_stale_packages", keep=[p.id for p in result.packages])
    unwind.run("codegraph_set_digests", "rows", [[f"file::{path}", digests[path]] for path in sorted(changed)])
    unwind.run_once(
        "codegraph_repo_upsert", files=len(result.files), symbols=len(result.symbols),
        relationships=len(result.edges), packages=len(result.packages),
    )
    return LoadReport(
        files_written=len(changed),
        files_deleted=len(vanished),
        files_unchanged=len(digests) - len(changed),
        nodes_written=len(files) + sum(len(row[1]) for row in symbols) + len(packages),
        relationships_written=len(edges),
        seconds=0.0,
    )


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
            parses[row["path"]] = FileParse.from_json(json.loads(row["parse"]))
        except (ValueError, KeyError, TypeError):
            continue  # written by another version: that file is parsed again
    return parses


def file_row(record: FileRecord, parse: FileParse | None = None) -> list[Any]:
    """[id, path, language, size, sha256, lines, parse JSON or None]."""
    return [record.id, record.path, record.language, record.size, record.sha256, record.lines,
            json.dumps(parse.to_json(), separators=(",", ":")) if parse is not None else None]


def _symbols_by_file(symbols: Iterable[SymbolRecord], edges: Iterable[EdgeRecord]) -> list[list[Any]]:
    """[[file id, [[id, path, kind, name, qualified name, start line, end line, count, weight, confidence]
    ...]] ...]: each file's symbols with their DEFINES relationship (count, weight, confidence)."""
    defines = {edge.target: edge for edge in edges if edge.kind == "DEFINES"}
    grouped: dict[str, list[list[Any]]] = defaultdict(list)
    for s in symbols:
        edge = defines[s.id]
        grouped[edge.source].append([s.id, s.path, s.kind, s.name, s.qualified_name, s.start_line, s.end_line,
                                     edge.count, edge.weight, edge.confidence])
    return [[file_id, rows] for file_id, rows in grouped.items()]


# relationship kinds written by codegraph_create_files between the symbols of one file: row index of each
_CREATED_EDGE_COLUMNS = {"CONTAINS": 8, "CALLS": 9, "INHERITS": 10}


def _created_file_rows(files: Sequence[list[Any]], symbols: Sequence[list[Any]],
                       relationships: Sequence[EdgeRecord]) -> tuple[list[list[Any]], list[EdgeRecord]]:
    """Rows of codegraph_create_files for new files (file rows, and their symbol rows as _symbols_by_file
    groups them), and the relationships left for the relationship statements: those that do not join two
    symbols of one new file."""
    if not files:
        return [], list(relationships)
    rows = {row[0]: [*row, [], [], [], []] for row in files}
    position: dict[str, tuple[str, int]] = {}  # symbol id -> (file id, index in its file's symbols)
    for file_id, file_symbols in symbols:
        rows[file_id][7] = file_symbols
        for index, symbol in enumerate(file_symbols):
            position[symbol[0]] = (file_id, index)
    rest = []
    for edge in relationships:
        column = _CREATED_EDGE_COLUMNS.get(edge.kind)
        source, target = position.get(edge.source), position.get(edge.target)
        if column is None or source is None or target is None or source[0] != target[0]:
            rest.append(edge)
            continue
        rows[source[0]][column].append([source[1], target[1], edge.count, edge.weight, edge.confidence])
    return list(rows.values()), rest


def _created_weight(batch_size: int) -> Callable[[list[Any]], int]:
    """A codegraph_create_files row weighs its nodes and relationships, and a file at least a
    FILE_BATCH_SIZE-th of a batch (its parse JSON)."""
    least = max(1, batch_size // FILE_BATCH_SIZE)
    return lambda row: max(least, 1 + 2 * len(row[7]) + len(row[8]) + len(row[9]) + len(row[10]))


def _unwritten_ends(db: Database, repo_id: str, edges: Sequence[EdgeRecord], nodes: dict[str, str]) -> dict[str, str]:
    """Element ids of the relationships' ends this load did not write (in unchanged files), by key."""
    missing = {end for edge in edges for end in (edge.source, edge.target) if end not in nodes}
    if not missing:
        return {}
    files = sorted(end for end in missing if end.startswith("file::"))
    symbols = sorted(missing.difference(files))  # packages are all written by every load
    return {row["id"]: row["node"] for row in db.rows("codegraph_element_ids", repo_id=repo_id, files=files,
                                                       symbols=symbols)}


def _edge_rows(edges: Iterable[EdgeRecord], nodes: dict[str, str]) -> Iterator[tuple[str, list[list[Any]]]]:
    """[source element id, target element id, count, weight, confidence] per statement; an edge with an
    end that has no node is left out, as a lookup by key would leave it."""
    grouped: dict[str, list[list[Any]]] = defaultdict(list)
    for edge in edges:
        source, target = nodes.get(edge.source), nodes.get(edge.target)
        if source is not None and target is not None:
            grouped[_EDGE_STATEMENTS[edge.kind]].append([source, target, edge.count, edge.weight, edge.confidence])
    yield from sorted(grouped.items())


class _UnwindWriter:
    """Runs a statement over rows in ``UNWIND`` batches, one managed write transaction per batch."""

    def __init__(self, db: Database, repo_id: str, batch_size: int, workers: int = 1) -> None:
        self._db = db
        self._repo_id = repo_id
        self._batch_size = batch_size
        self._workers = workers

    def write(self, name: str, rows: Sequence[Any], *, weight: Callable[[Any], int] | None = None) -> None:
        """Rows of a statement whose batches may run concurrently (``workers`` at a time). With ``weight``,
        a batch holds rows up to ``batch_size`` in total weight (e.g. the symbols of a file's row)."""
        self.run(name, "rows", rows, workers=self._workers, weight=weight)

    def nodes(self, name: str, rows: Sequence[Any], *, batch_size: int | None = None,
              weight: Callable[[Any], int] | None = None) -> dict[str, str]:
        """Rows of a node upsert whose statement returns ``ids, nodes`` (keys and element ids): {id: element id}.
        Batches run ``workers`` at a time."""
        statement = query(name)
        nodes: dict[str, str] = {}
        for pairs in run_batches([partial(self._db.write, _unit_of_work(statement, {"repo_id": self._repo_id,
                                                                                    "rows": batch}, returns=True))
                                  for batch in _batches(rows, batch_size or self._batch_size, weight or (lambda _: 1))],
                                 self._workers):
            nodes.update(pairs)
        return nodes

    def run(self, name: str, key: str, rows: Sequence[Any], *, batch_size: int | None = None,
            workers: int = 1, weight: Callable[[Any], int] | None = None) -> None:
        statement = query(name)
        run_batches([partial(self._db.write, _unit_of_work(statement, {"repo_id": self._repo_id, key: batch}))
                     for batch in _batches(rows, batch_size or self._batch_size, weight or (lambda _: 1))], workers)

    def run_once(self, name: str, **params: Any) -> None:
        self._db.write(_unit_of_work(query(name), {"repo_id": self._repo_id, **params}))


def _batches(rows: Sequence[Any], size: int, weight: Callable[[Any], int]) -> Iterator[list[Any]]:
    batch: list[Any] = []
    total = 0
    for row in rows:
        if batch and total + weight(row) > size:
            yield batch
            batch, total = [], 0
        batch.append(row)
        total += weight(row)
    if batch:
        yield batch


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


def run_batches(jobs: Sequence[Callable[[], T]], workers: int) -> list[T]:
    """Run every job, ``workers`` at a time; their results in order. On a failure the jobs not yet
    started are cancelled, and the failure is raised once the running ones have ended."""
    if workers <= 1 or len(jobs) <= 1:
        return [job() for job in jobs]
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="codegraph-load") as pool:
        futures = [pool.submit(job) for job in jobs]
        try:
            return [future.result() for future in futures]
        except BaseException:
            for future in futures:
                future.cancel()
            raise
