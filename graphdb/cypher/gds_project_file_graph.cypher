// Project one repository's files and their weighted import edges into the GDS catalog,
// undirected (clustering treats a dependency in either direction as affinity).
MATCH (source:File {repo_id: $repo_id})
OPTIONAL MATCH (source)-[r:IMPORTS]->(target:File {repo_id: $repo_id})
WITH gds.graph.project(
  $graph_name,
  source,
  target,
  {relationshipProperties: {weight: coalesce(r.weight, 1.0)}},
  {undirectedRelationshipTypes: ['*']}
) AS graph
RETURN graph.nodeCount AS node_count, graph.relationshipCount AS relationship_count
