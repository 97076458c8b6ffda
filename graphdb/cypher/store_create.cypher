// Fails on the Store key constraint when another writer created the store first. The same
// transaction then writes its fields, blocks and history line with store_commit.
CREATE (s:Store {repo_id: $repo_id})
RETURN s.repo_id AS repo_id
