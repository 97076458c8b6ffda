// Delete up to $batch_size nodes of one repository, its code graph generations included (their keys are
// the repository id, or it and a `~` suffix; call until it returns 0).
MATCH (n)
WHERE n.repo_id = $repo_id OR n.repo_id STARTS WITH $repo_id + '~'
WITH n LIMIT $batch_size
DETACH DELETE n
RETURN count(*) AS deleted
