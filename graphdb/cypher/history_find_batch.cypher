MATCH (e:EditBatch {repo_id: $repo_id, batch_id: $batch_id})
RETURN e.store_version AS store_version, e.ops AS ops, e.kind AS kind
