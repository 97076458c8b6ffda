"""The writes of ``scan_and_sync`` while its scan still runs, so that the server works while the client
parses and resolves.

Each parsed file that has no node is created (without the CALLS and INHERITS resolution has not made yet)
while the worker processes parse on; each relationship resolution makes between two nodes so created is
written while resolution goes on. The sync writes the rest once the scan is done.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable, Set
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from time import perf_counter
from typing import Any, TypeVar

from graphdb.codegraph.batches import Stopped, UnwindWriter, created_weight, shared_lists
from graphdb.codegraph.reads import stored_digests
from graphdb.codegraph.rows import RELATIONSHIP_LISTS, structure_row
from graphdb.database import Database
from ingest import EdgeRecord, FileParse
from ingest.assemble import FileGraph

T = TypeVar("T")


@dataclass(frozen=True)
class Told:
    """What the early writes were given, final once the scan has returned."""

    paths: Set[str]  # the files they create: every parsed file that had no node
    # The resolved edges of those files that they do not write (an end is a package, a node stored before, or a
    # create still running when told): the sync writes these. Far fewer than the written, which it need not know.
    unwritten: list[EdgeRecord]


class EarlyWrites:
    """The writes of ``scan_and_sync`` during the scan: a ``ParseSink`` that sends each batch of new files as
    it fills (``workers`` transactions at a time), then each batch of the resolved relationships that start in
    a file it created and end at a node it created (the rest is left to the sync), one transaction at a time
    while the scan resolves (one transaction keeps the other CPU busy), ``workers`` at a time once it is done
    (what is left then is all the client waits for)."""

    def __init__(self, db: Database, repo_id: str, batch_size: int, workers: int) -> None:
        self.stored = stored_digests(db, repo_id)  # by path, read before anything was created
        self._stop = threading.Event()
        self._writer = UnwindWriter(db, repo_id, batch_size, stop=self._stop)
        self._pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="codegraph-early")
        self._relationship_workers = max(1, workers)
        self._relationship_pool = ThreadPoolExecutor(
            max_workers=self._relationship_workers, thread_name_prefix="codegraph-early-edges"
        )
        self._relationship_slots = threading.Semaphore(1)  # more in wait()
        self._batch_size = batch_size
        self._weight = created_weight(batch_size)
        self._batch: list[list[Any]] = []
        self._batch_weight = 0
        self._creates: list[Future[list[tuple[str, str]]]] = []
        self._futures: list[Future[Any]] = []  # creates and relationship batches
        self._paths: set[str] = set()
        self._nodes: dict[str, str] = {}  # element ids from the creates done so far
        self._collected = 0  # creates whose ids are in _nodes, or still running, from the first on
        # Relationships not yet sent, by list: the records, whose rows are made as each batch is written (a batch
        # may wait long for the server, and a row costs far more than the record it is made of, which resolution
        # holds anyway).
        self._edges: dict[str, list[EdgeRecord]] = defaultdict(list)
        self._edge_count = 0  # of those
        self._unwritten: list[EdgeRecord] = []  # resolved edges of the created files, left to the sync
        self.started: float | None = None  # when the first batch was sent

    def parsed(self, parse: FileParse, parse_json: str | None, graph: FileGraph) -> None:
        if parse.path in self.stored:
            return
        self._paths.add(parse.path)
        row = structure_row(parse, parse_json, graph)
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
            if edge.source not in nodes or edge.target not in nodes:  # stored before, a package, a create running
                self._unwritten.append(edge)
                continue
            self._edges[RELATIONSHIP_LISTS[edge.kind]].append(edge)
            self._edge_count += 1
            if self._edge_count >= self._batch_size:
                self._send_relationships()

    def _collect(self) -> None:
        """The element ids of the creates done, in the order sent, up to the first still running."""
        for future in self._creates[self._collected :]:
            if not future.done() or future.exception() is not None:
                return
            pairs = future.result()
            self._nodes.update(pairs)
            pairs.clear()  # the future holds its result to the end of the scan: the ids are held once, in _nodes
            self._collected += 1

    def _write_relationships(self, lists: dict[str, list[EdgeRecord]]) -> None:
        with self._relationship_slots:
            # Both ends of each were in _nodes when told, and _nodes only grows (in the scan's thread).
            self._writer.relationships(lists, self._nodes)

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

    def told(self) -> Told:
        """What these writes were given (and will have written once ``wait`` returns, if it does: a stopped write
        raises there, and what a stop left untold is in neither). Not copies: they are final by then."""
        return Told(self._paths, self._unwritten)

    def wait(self) -> dict[str, str]:
        """The element ids of the nodes written, by key, once every write has ended; raises what a write raised
        (the first failure, not the stops it caused)."""
        self.all_parsed()  # a scan that never said so (it told no file, or did not use the sink)
        # What is left is shared out among the writers (all of them now): no more rows come.
        for lists in shared_lists(self._edges, self._batch_size, self._relationship_workers):
            self._send(self._relationship_pool, self._write_relationships, lists)
        self._relationship_slots.release(self._relationship_workers - 1)
        self._pool.shutdown()
        self._relationship_pool.shutdown()
        failures = [error for future in self._futures if (error := future.exception()) is not None]
        if failures:
            raise next((error for error in failures if not isinstance(error, Stopped)), failures[0])
        self._collect()
        self._creates, self._futures = [], []  # their ids are in _nodes now: hold them once (a large tree's are many)
        return self._nodes

    def abandon(self) -> None:
        """The scan failed: send no more, and wait for the transactions running."""
        self._stop.set()
        self._pool.shutdown(cancel_futures=True)
        self._relationship_pool.shutdown(cancel_futures=True)
