// The stored digest of every file of a repository's code graph (null where a load was interrupted).
CYPHER replan=skip
MATCH (f:File {repo_id: $batch.repo_id}) USING INDEX f:File(repo_id)
RETURN f.path AS path, f.digest AS digest
ORDER BY path
