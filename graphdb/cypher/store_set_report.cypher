// The report of the scan that wrote the store's candidate (metadata beside the contract store).
MATCH (s:Store {repo_id: $repo_id})
SET s.scan_report = $report
RETURN s.store_version AS store_version
