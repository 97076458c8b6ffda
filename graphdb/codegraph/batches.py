"""How the loader's rows go to Neo4j: ``UNWIND $batch.rows`` batches, one managed write transaction each,
``WORKERS`` at a time.

Every statement takes its values in the one map ``$batch``: Neo4j keys a cached plan by its parameters'
types and by the power of ten over a list's or a string's length, so a map keeps one plan for every size of
batch and every repository id. The relationships of every kind go by one statement, a list of rows for each
kind, so that a kind's few rows need no transaction of their own.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from sys import intern
from typing import Any, LiteralString, TypeVar

from neo4j import ManagedTransaction

from graphdb.codegraph.rows import RELATIONSHIP_LISTS, relationship_rows
from graphdb.database import Database
from graphdb.queries import query
from ingest import EdgeRecord

T = TypeVar("T")

# Rows (nodes and relationships) per transaction. Small transactions keep the server's live transaction state,
# and so its garbage collection, small; too small ones cost more per row.
BATCH_SIZE = 5_000
# File rows carry their parse result as JSON (kilobytes each): fewer per transaction keeps them small.
FILE_BATCH_SIZE = 500
WORKERS = 2  # concurrent write transactions: one is written while the other commits or travels
# A statement's rows too few to fill a batch per writer are shared out among the writers (``shared_batches``),
# in batches of no fewer rows than this.
SHARED_BATCH_SIZE = 500


def batch_parameters(repo_id: str, **values: Any) -> dict[str, Any]:
    """The parameters of a loader statement: the repository id and ``values`` in the one map ``$batch``. A map
    parameter has no size in Neo4j's plan cache key (a list or a string has its length's power of ten), so
    one plan serves every batch and every repository."""
    return {"batch": {"repo_id": repo_id, **values}}


class UnwindWriter:
    """Runs a statement over rows in ``UNWIND`` batches, one managed write transaction per batch."""

    def __init__(
        self, db: Database, repo_id: str, batch_size: int, workers: int = 1, stop: threading.Event | None = None
    ) -> None:
        self._db = db
        self._repo_id = repo_id
        self._batch_size = batch_size
        self._workers = workers
        self._stop = stop  # once set, batches not yet begun fail with Stopped

    def write_jobs(self, name: str, rows: Sequence[Any]) -> list[Callable[[], None]]:
        """The transactions of a statement over ``rows``, a batch each, for ``run_jobs``: they may run
        concurrently with each other and with any that do not wait on them (see ``shared_batches``)."""
        return [partial(self.batch, name, batch) for batch in shared_batches(rows, self._batch_size, self._workers)]

    def nodes(
        self,
        name: str,
        rows: Sequence[Any],
        *,
        batch_size: int | None = None,
        weight: Callable[[Any], int] | None = None,
    ) -> dict[str, str]:
        """Rows of a node upsert whose statement returns ``ids, nodes`` (keys and element ids): {id: element id}.
        Batches run ``workers`` at a time."""
        return self.run_node_jobs(self.node_jobs(name, rows, batch_size=batch_size, weight=weight))

    def node_jobs(
        self,
        name: str,
        rows: Sequence[Any],
        *,
        batch_size: int | None = None,
        weight: Callable[[Any], int] | None = None,
    ) -> list[Callable[[], list[tuple[str, str]]]]:
        """``nodes``' transactions, for ``run_node_jobs`` to run with any that do not wait on them (see
        ``shared_batches``)."""
        return [
            partial(self.node_batch, name, batch)
            for batch in shared_batches(rows, batch_size or self._batch_size, self._workers, weight)
        ]

    def run_node_jobs(
        self, jobs: Sequence[Callable[[], list[tuple[str, str]]]], *, meanwhile: Callable[[], None] | None = None
    ) -> dict[str, str]:
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
        """One transaction of codegraph_write_relationships: ``lists`` (by ``RELATIONSHIP_LISTS`` name) of edges
        whose ends' element ids are in ``nodes`` (the lists not given are empty). The rows are made here, in the
        writer's thread."""
        given = {name: relationship_rows(lists.get(name, ()), nodes) for name in RELATIONSHIP_LISTS.values()}
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
            raise Stopped
        return self._db.write(work)


def shared_batches(
    rows: Sequence[T], batch_size: int, workers: int, weight: Callable[[T], int] | None = None
) -> list[list[T]]:
    """``rows`` cut, in order, into batches of about equal weight (one per row unless ``weight`` says), at most
    ``batch_size`` each but for a row's weight. As many as that takes, rounded up to a multiple of ``workers``
    (so that no writer idles through the last round while another writes it all), but not so many that a batch
    weighs under ``SHARED_BATCH_SIZE``. Cut by share of the total weight, not greedily, so that no small tail
    batch is left to a transaction of its own."""
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


def shared_lists(lists: dict[str, list[T]], batch_size: int, workers: int) -> list[dict[str, list[T]]]:
    """codegraph_write_relationships batches of ``lists``' rows: the lists one after the other (by name), cut
    as ``shared_batches`` cuts rows. A kind's few rows share a transaction with another's, so that a small
    tree's last round is no queue of small transactions; a large kind's batches stay of that kind alone."""
    tagged = [(name, row) for name in sorted(lists) for row in lists[name]]
    batches = []
    for batch_rows in shared_batches(tagged, batch_size, workers):
        batch: dict[str, list[T]] = defaultdict(list)
        for name, row in batch_rows:
            batch[name].append(row)
        batches.append(dict(batch))
    return batches


def created_weight(batch_size: int) -> Callable[[list[Any]], int]:
    """A codegraph_create_files row weighs its nodes and relationships, and a file at least a
    FILE_BATCH_SIZE-th of a batch (its parse JSON)."""
    least = max(1, batch_size // FILE_BATCH_SIZE)
    return lambda row: max(least, 1 + 2 * len(row[7]) + len(row[8]) + len(row[9]) + len(row[10]))


class Stopped(Exception):
    """A load given up (its scan failed) starts no more transactions."""


def _unit_of_work(statement: LiteralString, params: dict[str, Any], returns: bool = False):
    """A transaction function (pure in its arguments: safe to retry); with ``returns``, it answers the
    statement's one record ``ids, nodes`` (two lists in step) as ``(id, element id)`` pairs."""

    def work(tx: ManagedTransaction) -> list[tuple[str, str]] | None:
        result = tx.run(statement, params)
        if returns:
            record = result.single(strict=True)
            # The keys are the ones sent (``ingest.records`` interns them): held once, not once more per answer.
            return list(zip(map(intern, record["ids"]), record["nodes"], strict=True))
        result.consume()
        return None

    return work


def run_batches(
    jobs: Sequence[Callable[[], T]], workers: int, *, meanwhile: Callable[[], None] | None = None
) -> list[T]:
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
