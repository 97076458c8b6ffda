// Each node's (weighted) degree in a projection ($config: the procedure's configuration map), as one row of
// parallel lists (see gds_leiden_stream.cypher).
CALL gds.degree.stream($graph_name, $config) YIELD nodeId, score
RETURN collect(nodeId) AS node_ids, collect(score) AS scores
