// Which file uses which manifest-declared package.
MATCH (f:File {repo_id: $repo_id})-[:USES_PACKAGE]->(p:Package)
RETURN DISTINCT f.path AS path, p.ecosystem AS ecosystem, p.name AS name
ORDER BY path, ecosystem, name
