"""Helpers for tests that stop Neo4j under a running API: a server of the test's own, and waiting."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import httpx

from graphdb.connection import Target, open_driver, resolve_target
from graphdb.database import Database
from graphdb.runtime import LocalInstance
from graphdb.settings import DbSettings


@contextmanager
def own_instance() -> Iterator[LocalInstance]:
    """A local server of the test's own: it gets stopped and started, which the session's must not. Named
    after the session's instance, so that two sessions on one machine never stop each other's."""
    settings = DbSettings()
    name = f"test-outage-{settings.instance}"[:40]
    instance = LocalInstance(settings.model_copy(update={"instance": name, "neo4j_uri": None}))
    instance.start()
    try:
        yield instance
    finally:
        instance.stop()


@contextmanager
def connected(instance: LocalInstance) -> Iterator[tuple[Target, Database]]:
    target = resolve_target(instance.settings)
    db = Database(open_driver(target), target.database, target)
    try:
        yield target, db
    finally:
        db.close()


def wait_until(condition: Callable[[], bool], within_s: float, what: str) -> float:
    """Poll ``condition``; return the seconds it took, or fail naming ``what``."""
    start = time.monotonic()
    while time.monotonic() - start < within_s:
        if condition():
            return time.monotonic() - start
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {within_s:.0f} s")


def ready(base_url: str) -> bool:
    try:
        return httpx.get(f"{base_url}/readyz", timeout=10).status_code == 200
    except httpx.TransportError:
        return False
