// Write-lock one probe node (until the transaction ends).
MATCH (n:RetryProbe {repo_id: $repo_id, name: $name})
SET n.touched = n.touched + 1
