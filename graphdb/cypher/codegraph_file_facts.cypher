// Every file of a repository with its language and size in bytes (null when the ingest did not record it).
MATCH (f:File {repo_id: $repo_id})
RETURN f.path AS path, f.language AS language, f.size AS bytes
ORDER BY path
