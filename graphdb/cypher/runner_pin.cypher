// Pin (or unpin) a runner. Pinning unpins every other runner of the same role and scope, in the same
// statement: one pinned runner per role per scope.
MATCH (r:Runner {runner_id: $runner_id})
SET r.pinned = $pinned
WITH r
CALL (r) {
  MATCH (o:Runner {role: r.role, pinned: true})
  WHERE $pinned AND o <> r AND coalesce(o.repo_id, '') = coalesce(r.repo_id, '')
  SET o.pinned = false
  RETURN count(o) AS unpinned
}
RETURN r {.*} AS runner, unpinned
