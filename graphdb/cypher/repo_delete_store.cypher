// What a repository's scans and edits wrote besides its code graph: its Repo, Store, Block and EditBatch nodes
// and a scan lock left behind (its code graph generations are deleted first, by key, with codegraph_delete_*).
MATCH (n:Repo|Store|Block|EditBatch|ScanLock {repo_id: $repo_id})
DETACH DELETE n
RETURN count(*) AS deleted
