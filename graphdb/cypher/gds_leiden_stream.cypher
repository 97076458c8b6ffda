// Leiden over a projection ($config: the procedure's configuration map): each node's community with the
// node's id, path and whether it is a file, in node id order; as one row of lists (`Database.columns`).
CALL gds.leiden.stream($graph_name, $config) YIELD nodeId, communityId
WITH nodeId, communityId, gds.util.asNode(nodeId) AS node
ORDER BY nodeId
RETURN collect(communityId) AS communities, collect(node.id) AS ids, collect(node.path) AS paths,
       collect(node:File) AS is_file
