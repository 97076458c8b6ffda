// Delete up to $batch_size Symbol nodes of one repository's code graph (call until it returns 0).
MATCH (n:Symbol {repo_id: $repo_id})
WITH n LIMIT $batch_size
DETACH DELETE n
RETURN count(*) AS deleted
