// Make $graph the live generation of a repository and bind the repository to $root, in the transaction
// that won the store's version check, and only while this scan holds the repository's scan lock (no row
// otherwise: the caller then fails the transaction).
MATCH (l:ScanLock {repo_id: $repo_id})
WHERE l.holder = $holder
MERGE (r:Repo {repo_id: $repo_id})
SET r.graph = $graph, r.root = $root
RETURN r.graph AS graph
