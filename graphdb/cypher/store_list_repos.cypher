MATCH (s:Store)
RETURN s.repo_id AS repo_id, s.store_version AS store_version
ORDER BY repo_id
