"""The one way the rest of the code talks to Neo4j.

``Database`` wraps a driver and a database name and runs catalog statements by name, returning plain
data read fully inside the transaction: writes and multi-statement reads as managed transactions (retried on
transient errors), single read statements as auto-commit transactions (one round trip instead of two: most
API requests are such reads).
Driver errors are converted here: an outage to ``DatabaseUnavailable``, a refusal for lack of memory to
``DatabaseOutOfMemory``.

Managed transactions are retried here, not by the driver's ``execute_write``: that one retries a transient
error raised at the commit before any code of ours sees it, and Neo4j may refuse memory there as well as at a
statement (the pool all running transactions share). A refusal for lack of memory is never retried: the same
work asks for the same memory, and a retry only makes the user wait for the same refusal.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, TypeVar, cast

from neo4j import READ_ACCESS, WRITE_ACCESS, Driver, ManagedTransaction, Result
from neo4j.exceptions import DriverError, Neo4jError, ServiceUnavailable, SessionExpired, TransientError

from graphdb import schema
from graphdb.connection import Target, open_driver, resolve_target
from graphdb.errors import DatabaseUnavailable
from graphdb.out_of_memory import as_out_of_memory
from graphdb.queries import names, query
from graphdb.settings import DbSettings

T = TypeVar("T")
SCHEMA_PREFIX = "schema_"
RETRIES_LOGGER = __name__  # where a transaction about to be retried is told (``graphdb.retry_log`` quiets it)
# A transaction retried on a transient error (a deadlock between concurrent writers, above all: the loader runs
# two at a time) waits this long first, then twice as long each time, ±20 %: two of our writers clear a
# deadlock far sooner than the driver's default first second.
FIRST_RETRY_DELAY_S = 0.05


@contextmanager
def unavailable_as_error() -> Iterator[None]:
    """Turn 'cannot reach the database' driver failures into :class:`DatabaseUnavailable`."""
    try:
        yield
    except (ServiceUnavailable, SessionExpired, OSError) as exc:
        raise DatabaseUnavailable(f"Neo4j is not answering: {exc}") from exc
    except TransientError as exc:
        # The server answers but its database is not (starting, stopping): an outage, once retries ran out.
        if exc.code == "Neo.TransientError.General.DatabaseUnavailable":
            raise DatabaseUnavailable(f"Neo4j's database is unavailable: {exc.message}") from exc
        raise
    except DriverError as exc:
        raise DatabaseUnavailable(f"Neo4j driver error: {exc}") from exc


class Database:
    # How its driver is opened (``graphdb.connection.driver_options``), how long a transaction is retried
    # after a transient failure (a lost connection included: a retry that outlives an outage runs the
    # transaction once the server is back), and the server-side time limit of a write transaction (None: the
    # server's own). ``graphdb.fail_fast`` bounds them for the API.
    connection_timeout_s: ClassVar[float] = 5.0
    max_retry_s: ClassVar[float] = 15.0
    write_timeout_s: ClassVar[float | None] = None

    def __init__(self, driver: Driver, database: str, target: Target | None = None) -> None:
        self.driver = driver
        self.database = database
        self.target = target

    @classmethod
    def connect(cls, settings: DbSettings | None = None) -> Database:
        target = resolve_target(settings or DbSettings())
        driver = open_driver(target, connection_timeout_s=cls.connection_timeout_s)
        return cls(driver, target.database, target)

    def close(self) -> None:
        self.driver.close()

    def rows(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        """Run a read-only catalog statement; return its records as dicts.

        An auto-commit transaction: one statement sees one committed state either way, and it costs one
        round trip. The local single instance needs no bookmarks to read what was committed before.
        """
        return self._read(name, params, lambda result: [record.data() for record in result])

    def columns(self, name: str, /, **params: Any) -> dict[str, list[Any]]:
        """Run a read-only catalog statement whose one row holds its rows as equally long lists, one per column
        (``collect(a) AS a, collect(b) AS b``), ordered alike; zip them with ``strict=True`` (``collect`` skips
        nulls: a statement gives none).

        For statements of thousands of rows: a record each costs the server and the driver far more than one
        row of lists, and lists of plain values cost both far less than a list of maps (bench/scan's README).
        The lists are taken as the driver decoded them: ``Record.data()`` would walk every value again to
        convert nodes that are not there.
        """

        def take(result: Result) -> dict[str, list[Any]]:
            record = result.single(strict=True)
            return {key: record[key] for key in record.keys()}

        return self._read(name, params, take)

    def _read(self, name: str, params: dict[str, Any], take: Callable[[Result], T]) -> T:
        with (
            unavailable_as_error(),
            self.driver.session(database=self.database, default_access_mode=READ_ACCESS) as session,
        ):
            with self._memory_refusals():
                return take(session.run(query(name), params))

    def execute(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        """Run a catalog statement that writes, in its own write transaction.

        A managed write of our own, not ``driver.execute_query``, whose transaction function cannot stop a
        retry; it keeps that call's bookmarks, so statements run this way still see each other's writes."""

        def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
            return [record.data() for record in tx.run(query(name), params)]

        return self._managed(WRITE_ACCESS, work, bookmark_manager=self.driver.execute_query_bookmark_manager)

    def write(self, work: Callable[[ManagedTransaction], T]) -> T:
        """Run ``work`` as one managed write transaction (retried on transient errors: keep it pure)."""
        return self._managed(WRITE_ACCESS, work)

    def read(self, work: Callable[[ManagedTransaction], T]) -> T:
        return self._managed(READ_ACCESS, work)

    def _managed(self, access: str, work: Callable[[ManagedTransaction], T], **session: Any) -> T:
        """Run ``work`` in a transaction, committed; run again on a transient error (keep it pure) for up to
        ``max_retry_s``, unless the error is a refusal for lack of memory."""
        timeout = self.write_timeout_s if access == WRITE_ACCESS else None
        delay, first_failure = FIRST_RETRY_DELAY_S, None
        with (
            unavailable_as_error(),
            self.driver.session(database=self.database, default_access_mode=access, **session) as run,
        ):
            while True:
                try:
                    # A memory refusal, at a statement or at the commit, leaves as DatabaseOutOfMemory: not retried.
                    with self._memory_refusals(), run.begin_transaction(timeout=timeout) as tx:
                        # What ``work`` may do with a managed transaction it may do with this one; the commit is ours.
                        result = work(cast(ManagedTransaction, tx))
                        tx.commit()
                    return result
                except (Neo4jError, DriverError) as error:
                    now = time.monotonic()
                    first_failure = now if first_failure is None else first_failure
                    if not error.is_retryable() or now - first_failure > self.max_retry_s:
                        raise
                    wait = delay * random.uniform(0.8, 1.2)
                    logging.getLogger(RETRIES_LOGGER).warning(
                        "Transaction failed and will be retried in %.3fs (%s)", wait, error
                    )
                    time.sleep(wait)
                    delay *= 2

    @contextmanager
    def _memory_refusals(self) -> Iterator[None]:
        """Neo4j's refusals for lack of memory become :class:`DatabaseOutOfMemory` (the advice depends on
        where the server is); other errors pass unchanged."""
        try:
            yield
        except Neo4jError as exc:
            refused = as_out_of_memory(exc, self.target.source if self.target else None)
            if refused is None:
                raise
            raise refused from exc

    def versions(self) -> tuple[str, str]:
        row = self.rows("server_versions")[0]
        return str(row["neo4j_version"]), str(row["gds_version"])

    def ping(self) -> bool:
        """True when the database answers now (no transaction retries: a health check must be quick)."""
        try:
            with unavailable_as_error():
                self.driver.verify_connectivity()
            self.versions()
        except (DatabaseUnavailable, Neo4jError):
            return False
        return True

    def apply_schema(self) -> list[str]:
        """Apply every ``schema_*`` statement (constraints and indexes, all idempotent), in order, unless
        one ``SHOW INDEXES`` finds them all in place (`graphdb.schema`). Returns the statements run."""
        statements = [name for name in names() if name.startswith(SCHEMA_PREFIX)]
        if schema.in_place((query(name) for name in statements), self.rows("show_indexes")):
            return []
        for name in statements:
            self.execute(name)
        return statements
