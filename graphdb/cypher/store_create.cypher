// Fails on the Store key constraint when another writer created the store first.
CREATE (s:Store {repo_id: $repo_id, store_version: $store_version, doc: $doc,
                 curating_by: $curating_by, curating_until: $curating_until, updated_at: datetime()})
RETURN s.store_version AS store_version
