"""/readyz turns false while Neo4j is stopped and true again when it is back — no API restart."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest

from graphdb.connection import open_driver, resolve_target
from graphdb.database import Database
from graphdb.tokens import create_token
from graphdb.runtime import LocalInstance
from graphdb.settings import DbSettings
from rooms.contract import Seat
from tests.api.conftest import ServedApi, env_for, serve, stop

pytestmark = pytest.mark.integration


def _wait_for(url: str, ready: bool, within_s: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < within_s:
        try:
            if (httpx.get(url, timeout=10).status_code == 200) is ready:
                return time.monotonic() - start
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"/readyz did not become {ready} within {within_s}s")


@pytest.fixture
def own_instance() -> Iterator[LocalInstance]:
    """A local server of this test's own: it gets stopped and started, which the shared one must not."""
    instance = LocalInstance(DbSettings().model_copy(update={"instance": "test-outage", "neo4j_uri": None}))
    instance.start()
    yield instance
    instance.stop()


def test_readyz_follows_the_database(own_instance: LocalInstance) -> None:
    target = resolve_target(own_instance.settings)
    db = Database(open_driver(target), target.database, target)
    db.apply_schema()
    token = create_token(db, Seat.READER, "test-reader")[1]
    db.close()
    api: ServedApi = serve(env_for(target), token)
    try:
        readyz = f"{api.base_url}/readyz"
        _wait_for(readyz, True, 30)
        own_instance.stop()
        _wait_for(readyz, False, 30)
        assert httpx.get(f"{api.base_url}/healthz").status_code == 200, "the process stays alive"
        down = api.post("{ serverInfo { neo4jVersion } }")
        assert down.status_code == 503 and down.json()["errors"], "a clean, retryable refusal while it is down"
        own_instance.start()
        _wait_for(readyz, True, 60)
        assert api.graphql("{ serverInfo { neo4jVersion } }")["data"]["serverInfo"]["neo4jVersion"]
    finally:
        stop(api)
