// Every relationship leaving a node of a repository (see repo_snapshot_nodes), with its properties.
MATCH (a)-[r]->(b)
WHERE a.repo_id = $repo_id OR a.repo_id STARTS WITH $repo_id + '~'
RETURN elementId(a) AS source, type(r) AS type, properties(r) AS properties, elementId(b) AS target
