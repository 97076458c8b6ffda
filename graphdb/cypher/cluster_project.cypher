// Project one repository's File and Symbol nodes with weighted, undirected edges into the GDS catalog.
// Returns the projection's node and relationship counts (null when nothing matched: no graph is made).
// Levers (all parameters): $edge_weights multiplies each relationship type's weight; an edge between a
// hub file and another file is multiplied by $hub_factor (0 drops it); $hubs maps each hub's path to true
// (a map, not a list: the server plans an empty list and a full one apart, a map once); with $fold_leaves
// a node with a single relationship is left out (it takes its neighbour's community afterwards);
// every node carries `seed` ($seeds: path -> previous block index; symbols take their file's).
// Rows are ordered by node id so the projection (hence Louvain's visiting order) does not depend on
// the database's internal ids: the same graph loaded twice clusters the same. The sources are sorted, then
// each source's targets: sorting every relationship at once holds them all in the transaction's memory,
// more than a default server allows for a large repository.
MATCH (source:File|Symbol {repo_id: $repo_id})
WITH source ORDER BY source.id
CALL (source) {
  // The target is neither labelled nor keyed here (these relationships join a graph's own Files and Symbols
  // only, and the repo_id check is kept): so that no plan looks up every node of the graph for each source.
  MATCH (source)-[r:IMPORTS|CALLS|INHERITS|DEFINES|CONTAINS]->(target)
  WHERE target.repo_id = $repo_id
    AND (NOT $fold_leaves
         OR (COUNT { (source)-[:IMPORTS|CALLS|INHERITS|DEFINES|CONTAINS]-() } > 1
             AND COUNT { (target)-[:IMPORTS|CALLS|INHERITS|DEFINES|CONTAINS]-() } > 1))
  WITH target, coalesce(r.weight, 1.0) * coalesce($edge_weights[type(r)], 1.0) AS raw
  WITH target,
       CASE WHEN source.path <> target.path AND ($hubs[source.path] OR $hubs[target.path])
            THEN raw * $hub_factor ELSE raw END AS weight
  WHERE weight > 0
  RETURN target, weight ORDER BY target.id
}
WITH gds.graph.project(
  $graph_name,
  source,
  target,
  {
    sourceNodeProperties: {seed: coalesce($seeds[source.path], 0)},
    targetNodeProperties: {seed: coalesce($seeds[target.path], 0)},
    relationshipProperties: {weight: weight}
  },
  {undirectedRelationshipTypes: ['*']}
) AS graph
RETURN graph.nodeCount AS node_count, graph.relationshipCount AS relationship_count
