"""The pinned Neo4j / OpenGDS pair.

Neo4j 5.26 is the LTS line. OpenGDS 2.13.9 is the newest 2.13.x release for which every
artifact we need (proc, proc-sysinfo, opengds-extension, open-model-catalog,
open-write-services) is published on Maven Central; 2.13.x supports Neo4j 5.26.
"""

NEO4J_VERSION = "5.26.30"
GDS_VERSION = "2.13.9"
DIST_NAME = f"neo4j-{NEO4J_VERSION}-gds-{GDS_VERSION}"
