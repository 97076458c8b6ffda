// Missions, oldest first, optionally of one state and/or one repository (packets left out: they are large).
MATCH (m:Mission)
WHERE ($state IS NULL OR m.state = $state) AND ($repo_id IS NULL OR m.repo_id = $repo_id)
RETURN m {.*, packet: null} AS mission
ORDER BY m.opened_at, m.mission_id
