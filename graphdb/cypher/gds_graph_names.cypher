// The names of the graphs in the GDS catalog.
CALL gds.graph.list() YIELD graphName
RETURN graphName AS name
