// Project one repository's File and Symbol nodes with weighted, undirected edges into the GDS catalog.
// Returns the projection's node and relationship counts (null when nothing matched: no graph is made).
// Levers (all parameters): $edge_weights multiplies each relationship type's weight; an edge between a
// hub file ($hubs: paths) and another file is multiplied by $hub_factor (0 drops it); with $fold_leaves
// a node with a single relationship is left out (it takes its neighbour's community afterwards);
// every node carries `seed` ($seeds: path -> previous block index; symbols take their file's).
// Rows are ordered by node id so the projection (hence Louvain's visiting order) does not depend on
// the database's internal ids: the same graph loaded twice clusters the same.
MATCH (source:File|Symbol {repo_id: $repo_id})-[r:IMPORTS|CALLS|INHERITS|DEFINES|CONTAINS]->(target:File|Symbol {repo_id: $repo_id})
WHERE NOT $fold_leaves
   OR (COUNT { (source)-[:IMPORTS|CALLS|INHERITS|DEFINES|CONTAINS]-() } > 1
       AND COUNT { (target)-[:IMPORTS|CALLS|INHERITS|DEFINES|CONTAINS]-() } > 1)
WITH source, target, coalesce(r.weight, 1.0) * coalesce($edge_weights[type(r)], 1.0) AS raw
WITH source, target,
     CASE WHEN source.path <> target.path AND (source.path IN $hubs OR target.path IN $hubs)
          THEN raw * $hub_factor ELSE raw END AS weight
WHERE weight > 0
WITH source, target, weight
ORDER BY source.id, target.id
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
