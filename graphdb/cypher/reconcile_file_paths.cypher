// The repository's current files, as of its latest ingest: those of its live generation.
OPTIONAL MATCH (r:Repo {repo_id: $repo_id})
WITH coalesce(r.graph, $repo_id) AS graph
MATCH (f:File {repo_id: graph})
RETURN f.path AS path
ORDER BY path
