"""The graphdb exception tree.

GraphDbError
├── DatabaseUnavailable   Neo4j does not answer (stopped, unreachable, auth refused)
├── DatabaseOutOfMemory   Neo4j refused a statement for lack of memory (``code``: database_out_of_memory)
├── NoDatabaseConfigured  no NEO4J_URI and no recorded local server
├── EmptyProjection       a GDS projection matched no rows (graphdb.gds)
└── RuntimeProvisionError the local server could not be provisioned or started
    ├── JavaNotFound
    ├── MavenFailed
    ├── PortInUse
    └── ServerStartFailed
"""

from __future__ import annotations

from rooms.contract.error_codes import ErrorCode


class GraphDbError(Exception):
    """Base of every error raised out of ``graphdb``; ``code``: its stable error code, where it has one."""

    code: ErrorCode | None = None


class DatabaseUnavailable(GraphDbError):
    pass


class DatabaseOutOfMemory(GraphDbError):
    """Not retried: the same statement on the same server asks for the same memory. Its message says which
    limit was reached and how to raise it; nothing the refused transaction wrote is kept."""

    code = ErrorCode.DATABASE_OUT_OF_MEMORY


class NoDatabaseConfigured(GraphDbError):
    pass


class RuntimeProvisionError(GraphDbError):
    pass


class JavaNotFound(RuntimeProvisionError):
    pass


class MavenFailed(RuntimeProvisionError):
    pass


class PortInUse(RuntimeProvisionError):
    pass


class ServerStartFailed(RuntimeProvisionError):
    pass
