// Fails on the Store key constraint when another writer created the store first. The epoch tells
// this store apart from an earlier one of the same repository (its versions restart at 1).
CREATE (s:Store {repo_id: $repo_id, epoch: randomUUID(), store_version: $store_version, doc: $doc,
                 manifest: $manifest, curating_by: $curating_by, curating_until: $curating_until,
                 updated_at: datetime()})
RETURN s.store_version AS store_version
