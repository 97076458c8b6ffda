"""The graphdb exception tree.

GraphDbError
├── DatabaseUnavailable   Neo4j does not answer (stopped, unreachable, auth refused)
├── NoDatabaseConfigured  no NEO4J_URI and no recorded local server
├── EmptyProjection       a GDS projection matched no rows (graphdb.gds)
└── RuntimeProvisionError the local server could not be provisioned or started
    ├── JavaNotFound
    ├── MavenFailed
    ├── PortInUse
    └── ServerStartFailed
"""

from __future__ import annotations


class GraphDbError(Exception):
    """Base of every error raised out of ``graphdb``."""


class DatabaseUnavailable(GraphDbError):
    pass


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
