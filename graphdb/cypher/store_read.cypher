MATCH (s:Store {repo_id: $repo_id})
OPTIONAL MATCH (s)-[:HAS_BLOCK]->(b:Block)
WITH s, b
ORDER BY b.position
RETURN s.store_version AS store_version, s.doc AS doc, s.curating_by AS curating_by,
       s.curating_until AS curating_until, collect(b.doc) AS blocks
