// Drop a projection from the GDS catalog; nothing when it is already gone.
CALL gds.graph.drop($graph_name, false) YIELD graphName
RETURN graphName AS name
