"""Where the database is: ``NEO4J_URI`` first, else the recorded local server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from neo4j import Driver, GraphDatabase, NotificationMinimumSeverity

from graphdb.errors import NoDatabaseConfigured
from graphdb.runtime.instance import LocalInstance
from graphdb.settings import DbSettings


@dataclass(frozen=True)
class Target:
    uri: str
    user: str
    password: str
    database: str
    source: str  # "external" or "local:<instance>"


def resolve_target(settings: DbSettings) -> Target:
    if settings.neo4j_uri:
        password = settings.neo4j_password.get_secret_value() if settings.neo4j_password else ""
        return Target(settings.neo4j_uri, settings.neo4j_user, password, settings.neo4j_database, "external")
    conn = LocalInstance(settings).connection()
    if conn is None:
        raise NoDatabaseConfigured(
            "no database configured: run `coderooms db start` (local Neo4j + GDS), "
            "or set NEO4J_URI / NEO4J_USER / NEO4J_PASSWORD for an external one"
        )
    return Target(conn.uri, conn.user, conn.password(), conn.database, f"local:{settings.instance}")


def open_driver(target: Target, *, connection_timeout_s: float = 5.0) -> Driver:
    """A driver for the target. Short timeouts so an outage is reported quickly, not hung on."""
    options = driver_options(connection_timeout_s=connection_timeout_s)
    return GraphDatabase.driver(target.uri, auth=(target.user, target.password), **options)


def driver_options(*, connection_timeout_s: float = 5.0) -> dict[str, Any]:
    """The settings every driver of ours is opened with (``graphdb.database`` retries transactions itself)."""
    return {
        "connection_timeout": connection_timeout_s,
        "connection_acquisition_timeout": connection_timeout_s * 2,
        "liveness_check_timeout": 30.0,
        # Server notifications (e.g. "property key does not exist" for a lease never set) are not errors.
        "notifications_min_severity": NotificationMinimumSeverity.OFF,
    }
