// The manifest of the store locked by this transaction (its blocks' digests, in block order).
MATCH (s:Store {repo_id: $repo_id})
RETURN s.manifest AS manifest
