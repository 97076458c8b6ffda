// The community each file had in the last clustering of this repository (the seed of the next one).
MATCH (f:File {repo_id: $repo_id})
WHERE f.cluster_seed IS NOT NULL
RETURN f.path AS path, f.cluster_seed AS seed
ORDER BY path
