// The cached per-file parse results (JSON) of a repository: an incremental scan reuses them.
MATCH (f:File {repo_id: $repo_id})
WHERE f.parse IS NOT NULL
RETURN f.path AS path, f.parse AS parse
ORDER BY path
