// The advisory lease lives beside the version: setting it never bumps store_version.
MATCH (s:Store {repo_id: $repo_id})
SET s.curating_by = $curating_by, s.curating_until = $curating_until
RETURN s.store_version AS store_version
