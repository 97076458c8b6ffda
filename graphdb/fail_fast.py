"""A :class:`Database` that fails fast while Neo4j is known to be down: the API's.

It retries a managed transaction for ``max_retry_s`` (2 s) at most, not the command line's 15 s: a
write in flight when the server dies fails within seconds, answered 503, and it is not run again once the
server is back — a retry loop that outlived the outage would apply, long after the client was told it
failed, a write the client may have retried or given up. (A deadlock between two API writers clears in
milliseconds, well within it.) A write transaction is also stopped by the server after
``write_timeout_s``, so one cannot hang on a stalled server either.

Once a call has failed *and* a connectivity check confirms the outage, calls raise
:class:`DatabaseUnavailable` at once. While down, one caller at a time (at most every ``probe_every_s``)
checks connectivity (about a millisecond against a refused port); the first check that succeeds lets calls
through again: recovery needs no restart.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from neo4j import ManagedTransaction

from graphdb.database import Database, unavailable_as_error
from graphdb.errors import DatabaseUnavailable

T = TypeVar("T")


class FailFastDatabase(Database):
    connection_timeout_s = 2.0
    max_retry_s = 2.0
    write_timeout_s = 30.0
    probe_every_s = 0.5

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._state = threading.Lock()
        self._down = False
        self._probing = False
        self._next_probe = 0.0

    def rows(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        return self._guarded(super().rows, name, **params)

    def execute(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        return self._guarded(super().execute, name, **params)

    def write(self, work: Callable[[ManagedTransaction], T]) -> T:
        return self._guarded(super().write, work)

    def read(self, work: Callable[[ManagedTransaction], T]) -> T:
        return self._guarded(super().read, work)

    @property
    def known_down(self) -> bool:
        """Whether a recent call found Neo4j down (calls are being refused until a check finds it back)."""
        with self._state:
            return self._down

    def ping(self) -> bool:
        """A health check also settles the state either way (so /readyz drives recovery too)."""
        self._settle(self._reachable())
        return super().ping()

    def _guarded(self, call: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        self._pass_or_refuse()
        try:
            return call(*args, **kwargs)
        except DatabaseUnavailable:
            # A driver error that is not an outage (the server answers) must not shut the gate.
            if not self._reachable():
                self._settle(False)
            raise

    def _pass_or_refuse(self) -> None:
        with self._state:
            if not self._down:
                return
            if self._probing or time.monotonic() < self._next_probe:
                raise DatabaseUnavailable("Neo4j is down (known from a recent check)")
            self._probing = True
        alive = False
        try:
            alive = self._reachable()
        finally:
            with self._state:
                self._probing = False
            self._settle(alive)
        if not alive:
            raise DatabaseUnavailable("Neo4j is down (checked just now)")

    def _settle(self, alive: bool) -> None:
        with self._state:
            self._down = not alive
            if not alive:
                self._next_probe = time.monotonic() + self.probe_every_s

    def _reachable(self) -> bool:
        try:
            with unavailable_as_error():
                self.driver.verify_connectivity()
        except DatabaseUnavailable:
            return False
        return True
