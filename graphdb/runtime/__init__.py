"""The local Neo4j + GDS server, provisioned by the project from Maven Central (no Docker needed).

``provision`` resolves the jars into a shared distribution directory, ``instance`` writes the
configuration of one named instance and starts, stops and inspects its process.
"""

from graphdb.runtime.instance import LocalInstance, ServerStatus
from graphdb.runtime.versions import GDS_VERSION, NEO4J_VERSION

__all__ = ["GDS_VERSION", "NEO4J_VERSION", "LocalInstance", "ServerStatus"]
