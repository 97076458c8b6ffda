// Fails on the Store key constraint when another writer created the store first. The epoch tells
// this store apart from an earlier one of the same repository (its versions restart at 1).
CREATE (s:Store {repo_id: $repo_id, epoch: randomUUID(), store_version: $store_version, doc: $doc,
                 manifest: $manifest, curating_by: $curating_by, curating_until: $curating_until,
                 updated_at: datetime()})
WITH s
CALL (s) {
  UNWIND $blocks AS row
  MERGE (b:Block {repo_id: $repo_id, block_id: row.block_id})
  SET b.doc = row.doc
  MERGE (s)-[:HAS_BLOCK]->(b)
}
CREATE (:EditBatch {repo_id: $repo_id, batch_id: $batch_id, store_version: $store_version, kind: $kind,
                    seat: $seat, agent_id: $agent_id, ops: $ops, summary: $summary, at: datetime()})
RETURN s.store_version AS store_version
