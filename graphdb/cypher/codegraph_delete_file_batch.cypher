// Delete up to $batch_size File nodes of one repository's code graph (call until it returns 0).
MATCH (n:File {repo_id: $repo_id})
WITH n LIMIT $batch_size
DETACH DELETE n
RETURN count(*) AS deleted
