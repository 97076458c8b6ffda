// Remember each file's community ($seeds: path -> community) for the next clustering to start from;
// a file without one loses its old seed.
MATCH (f:File {repo_id: $repo_id})
SET f.cluster_seed = $seeds[f.path]
RETURN count(f) AS files
