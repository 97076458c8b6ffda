// One row, grouped by the node (grouping by its properties could split a racing read into several rows).
// The manifest, read atomically, says which block docs make up the version; the caller checks them.
MATCH (s:Store {repo_id: $repo_id})
OPTIONAL MATCH (s)-[:HAS_BLOCK]->(b:Block)
WITH s, collect(b.doc) AS blocks
RETURN s.manifest AS manifest, s.doc AS doc, s.curating_by AS curating_by,
       s.curating_until AS curating_until, blocks
