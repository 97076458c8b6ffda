// One write of a locked store, in one statement: the store's fields and manifest, the removal of the
// blocks not in $keep, the blocks in $blocks (changed or new), and the history entry.
MATCH (s:Store {repo_id: $repo_id})
SET s.store_version = $store_version, s.doc = $doc, s.manifest = $manifest, s.curating_by = $curating_by,
    s.curating_until = $curating_until, s.updated_at = datetime()
WITH s
CALL (s) {
  MATCH (s)-[:HAS_BLOCK]->(gone:Block)
  WHERE NOT gone.block_id IN $keep
  DETACH DELETE gone
}
CALL (s) {
  UNWIND $blocks AS row
  MERGE (b:Block {repo_id: $repo_id, block_id: row.block_id})
  SET b.doc = row.doc
  MERGE (s)-[:HAS_BLOCK]->(b)
}
CREATE (:EditBatch {repo_id: $repo_id, batch_id: $batch_id, store_version: $store_version, kind: $kind,
                    seat: $seat, agent_id: $agent_id, ops: $ops, summary: $summary, at: datetime()})
RETURN s.store_version AS store_version
