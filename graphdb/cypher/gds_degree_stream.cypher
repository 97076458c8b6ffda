// Each node's (weighted) degree in a projection ($config: the procedure's configuration map); as one row
// (`Database.table`).
CALL gds.degree.stream($graph_name, $config) YIELD nodeId, score
RETURN collect({node_id: nodeId, score: score}) AS rows
