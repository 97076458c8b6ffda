"""Ask a server for its Neo4j and GDS versions; None when it does not answer."""

from __future__ import annotations

from neo4j import GraphDatabase
from neo4j.exceptions import DriverError, Neo4jError

from graphdb.queries import query


def probe_versions(uri: str, user: str, password: str, timeout_s: float) -> tuple[str, str] | None:
    try:
        with GraphDatabase.driver(
            uri, auth=(user, password), connection_timeout=timeout_s, max_connection_lifetime=60
        ) as driver:
            driver.verify_connectivity()  # fails at once when nothing listens (no retry loop)
            records, _, _ = driver.execute_query(query("server_versions"))
    except (DriverError, Neo4jError, OSError):
        return None
    row = records[0]
    return str(row["neo4j_version"]), str(row["gds_version"])
