// How many times each probe node was written.
MATCH (n:RetryProbe {repo_id: $repo_id})
RETURN n.name AS name, n.touched AS touched
