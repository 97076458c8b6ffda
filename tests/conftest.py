"""Shared fixtures.

The database for integration tests is picked once per session:
- ``NEO4J_URI`` set → that external database;
- ``CODEROOMS_NEO4J_BACKEND=docker`` → a ``neo4j:5.26-community`` container with GDS (testcontainers);
- otherwise → the project's local server, instance ``test`` (started here if it is not running,
  and stopped again at the end if this session started it).
There is no skip: when no database can be had, every integration test errors.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from graphdb.connection import Target, open_driver, resolve_target
from graphdb.database import Database
from graphdb.runtime import LocalInstance
from graphdb.settings import Backend, DbSettings


def _docker_target() -> Iterator[Target]:
    from testcontainers.neo4j import Neo4jContainer

    password = uuid.uuid4().hex
    container = (
        Neo4jContainer("neo4j:5.26-community", password=password)
        .with_env("NEO4J_PLUGINS", '["graph-data-science"]')
        .with_env("NEO4J_dbms_security_procedures_unrestricted", "gds.*")
    )
    with container:
        yield Target(container.get_connection_url(), "neo4j", password, "neo4j", "docker")


@pytest.fixture(scope="session")
def neo4j_target() -> Iterator[Target]:
    settings = DbSettings()
    if settings.external:
        yield resolve_target(settings)
        return
    if settings.neo4j_backend is Backend.DOCKER:
        yield from _docker_target()
        return
    instance = LocalInstance(settings.model_copy(update={"instance": "test"}))
    started_here = instance.running_pid() is None
    instance.start()
    try:
        yield resolve_target(instance.settings)
    finally:
        if started_here:
            instance.stop()


@pytest.fixture(scope="session")
def db(neo4j_target: Target) -> Iterator[Database]:
    database = Database(open_driver(neo4j_target), neo4j_target.database, neo4j_target)
    database.apply_schema()
    yield database
    database.close()


@pytest.fixture(scope="session")
def neo4j_driver(db: Database):  # the neo4j.Driver of the session
    return db.driver


@pytest.fixture
def repo_id(db: Database) -> Iterator[str]:
    """A repository id of this test's own; everything stored under it is deleted afterwards."""
    rid = f"test-{uuid.uuid4().hex[:12]}"
    yield rid
    while db.execute("repo_delete_batch", repo_id=rid, batch_size=10_000)[0]["deleted"]:
        pass
