// Runners of a role (all roles when $role is null); with $repo_id, the installation-wide ones and that
// repository's own.
MATCH (r:Runner)
WHERE ($role IS NULL OR r.role = $role)
  AND ($repo_id IS NULL OR r.repo_id IS NULL OR r.repo_id = $repo_id)
RETURN r {.*} AS runner
ORDER BY r.runner_id
