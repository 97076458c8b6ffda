// Louvain over a projection ($config: the procedure's configuration map): each node's community with the
// node's id, path and whether it is a file, in node id order; as one row (`Database.table`).
CALL gds.louvain.stream($graph_name, $config) YIELD nodeId, communityId
WITH nodeId, communityId, gds.util.asNode(nodeId) AS node
ORDER BY nodeId
RETURN collect({node_id: nodeId, community: communityId, id: node.id, path: node.path, is_file: node:File}) AS rows
