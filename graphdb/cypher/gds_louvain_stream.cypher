// Louvain over a projection ($config: the procedure's configuration map): each node's community with the
// node's path and whether it is a file, in node id order; as one row of lists (`Database.columns`). And
// `[id, community]` of the nodes whose key $neighbours maps to true (the neighbours of folded leaf files; a map,
// which the server plans once, where an empty list and a full one are planned apart): every node's key would be
// most of what the client reads.
CALL gds.louvain.stream($graph_name, $config) YIELD nodeId, communityId
WITH nodeId, communityId, gds.util.asNode(nodeId) AS node
ORDER BY nodeId
RETURN collect(communityId) AS communities, collect(node.path) AS paths, collect(node:File) AS is_file,
       collect(CASE WHEN $neighbours[node.id] THEN [node.id, communityId] END) AS neighbours
