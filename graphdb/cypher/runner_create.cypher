// Register a runner. Fails on the Runner key constraint when the id is taken. `doc` is the runner's
// definition as JSON (transport, command or url, model, key variable NAME, timeout, concurrency);
// role, scope and pinned stay plain properties so they can be matched.
CREATE (r:Runner {runner_id: $runner_id, role: $role, repo_id: $repo_id, pinned: false, doc: $doc,
                  created_by: $created_by, created_at: $created_at})
RETURN r {.*} AS runner
