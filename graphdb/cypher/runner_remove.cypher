MATCH (r:Runner {runner_id: $runner_id})
DETACH DELETE r
RETURN count(*) AS removed
