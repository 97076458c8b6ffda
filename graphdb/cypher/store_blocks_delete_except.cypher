// Remove the store's blocks whose id is not in $keep.
MATCH (:Store {repo_id: $repo_id})-[:HAS_BLOCK]->(b:Block)
WHERE NOT b.block_id IN $keep
DETACH DELETE b
RETURN count(*) AS deleted
