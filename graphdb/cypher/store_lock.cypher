// Take the Store's write lock first (any write to the node), then read the version once:
// under read committed a plain read is not locked, so two writers could both pass it.
// With a batch id, also find that batch in the history (null when it was never applied).
MATCH (s:Store {repo_id: $repo_id})
SET s._lock = true
REMOVE s._lock
WITH s
OPTIONAL MATCH (e:EditBatch {repo_id: $repo_id, batch_id: $batch_id})
RETURN s.store_version AS store_version, s.manifest AS manifest,
       s.curating_by AS curating_by, s.curating_until AS curating_until,
       e.store_version AS recorded_version, e.ops AS recorded_ops
