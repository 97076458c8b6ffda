// Each node's (weighted) degree in a projection ($config: the procedure's configuration map), in node id order
// as the community statements give their nodes; as one row of lists (`Database.columns`).
CALL gds.degree.stream($graph_name, $config) YIELD nodeId, score
WITH nodeId, score
ORDER BY nodeId
RETURN collect(score) AS scores
