// The manifest alone names the committed version (one property, read atomically); the lease is read beside it.
MATCH (s:Store {repo_id: $repo_id})
RETURN s.manifest AS manifest, s.curating_by AS curating_by, s.curating_until AS curating_until
