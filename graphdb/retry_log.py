"""Quiet the notices of retried transactions, for command-line use.

``Database`` logs a warning each time a managed transaction fails on a transient error and is about to be run
again: a deadlock between the loader's concurrent writers, most often. On a terminal that is noise in the
middle of the progress display, and nothing a user can act on: the retry is the remedy, and a write that
still fails once the retry budget is spent raises, and the command reports it. The API server keeps these
warnings (a retry rate is worth watching there).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from neo4j.exceptions import DriverError, Neo4jError

from graphdb.database import RETRIES_LOGGER


class _RetriedTransactions(logging.Filter):
    """Drops the warnings that carry a retryable driver error (a transaction about to be retried)."""

    def filter(self, record: logging.LogRecord) -> bool:
        arguments = record.args if isinstance(record.args, tuple) else ()
        return not (
            record.levelno == logging.WARNING
            and any(
                isinstance(argument, (Neo4jError, DriverError)) and argument.is_retryable() for argument in arguments
            )
        )


@contextmanager
def transaction_retries_unlogged() -> Iterator[None]:
    """Within this block (in any thread of the process), the notices of retried transactions are not logged."""
    logger = logging.getLogger(RETRIES_LOGGER)
    quiet = _RetriedTransactions()
    logger.addFilter(quiet)
    try:
        yield
    finally:
        logger.removeFilter(quiet)
