"""Everything Neo4j: settings and driver, the Cypher catalog, loaders, clustering, the store.

Exceptions raised out of this package derive from :class:`graphdb.errors.GraphDbError`;
driver errors are converted at this boundary.
"""
