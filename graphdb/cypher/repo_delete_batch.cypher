// Delete up to $batch_size nodes of one repository (call until it returns 0).
MATCH (n)
WHERE n.repo_id = $repo_id
WITH n LIMIT $batch_size
DETACH DELETE n
RETURN count(*) AS deleted
