// Take the Store's write lock first (any write to the node), then read the version once:
// under read committed a plain read is not locked, so two writers could both pass it.
MATCH (s:Store {repo_id: $repo_id})
SET s._lock = true
REMOVE s._lock
RETURN s.store_version AS store_version, s.epoch AS epoch, s.curating_by AS curating_by,
       s.curating_until AS curating_until
