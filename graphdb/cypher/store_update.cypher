MATCH (s:Store {repo_id: $repo_id})
SET s.store_version = $store_version, s.doc = $doc, s.manifest = $manifest, s.curating_by = $curating_by,
    s.curating_until = $curating_until, s.updated_at = datetime()
RETURN s.store_version AS store_version
