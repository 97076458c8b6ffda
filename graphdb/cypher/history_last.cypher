MATCH (e:EditBatch {repo_id: $repo_id})
WHERE ($as_of IS NULL OR e.store_version <= $as_of) AND ($before IS NULL OR e.store_version < $before)
WITH e ORDER BY e.store_version DESC LIMIT $last
RETURN e.batch_id AS batch_id, e.store_version AS store_version, e.kind AS kind, e.seat AS seat,
       e.agent_id AS agent_id, e.ops AS ops, e.summary AS summary, toString(e.at) AS at
ORDER BY store_version
