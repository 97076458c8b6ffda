// Release a repository's scan lock if this holder still has it (the node goes: no trace of the scan stays).
MATCH (l:ScanLock {repo_id: $repo_id})
WHERE l.holder = $holder
DELETE l
RETURN count(*) AS released
