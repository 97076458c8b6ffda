// The pinned runner of a role for a repository: its own pinned runner wins over the installation-wide one.
MATCH (r:Runner {role: $role, pinned: true})
WHERE r.repo_id = $repo_id OR r.repo_id IS NULL
RETURN r {.*} AS runner
ORDER BY r.repo_id IS NULL, r.runner_id
LIMIT 1
