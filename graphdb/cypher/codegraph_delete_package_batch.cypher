// Delete up to $batch_size Package nodes of one repository's code graph (call until it returns 0).
MATCH (n:Package {repo_id: $repo_id})
WITH n LIMIT $batch_size
DETACH DELETE n
RETURN count(*) AS deleted
