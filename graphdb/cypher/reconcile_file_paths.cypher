// The repository's current files, as of its latest ingest.
MATCH (f:File {repo_id: $repo_id})
RETURN f.path AS path
ORDER BY path
