MATCH (s:Store {repo_id: $repo_id})
UNWIND $blocks AS row
MERGE (b:Block {repo_id: $repo_id, block_id: row.block_id})
SET b.doc = row.doc
MERGE (s)-[:HAS_BLOCK]->(b)
RETURN count(b) AS written
