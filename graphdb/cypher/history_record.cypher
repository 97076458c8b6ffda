// One entry of a store's history: every write that bumped store_version records itself here.
CREATE (e:EditBatch {repo_id: $repo_id, batch_id: $batch_id, store_version: $store_version, kind: $kind,
                     seat: $seat, agent_id: $agent_id, ops: $ops, summary: $summary, at: datetime()})
RETURN e.batch_id AS batch_id
