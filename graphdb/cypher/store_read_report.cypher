MATCH (s:Store {repo_id: $repo_id})
RETURN s.scan_report AS report
