// Fails on the Store key constraint when another writer created the store first. The epoch tells
// this store apart from an earlier one of the same repository (its versions restart at 1). The same
// transaction then writes its fields, blocks and history line with store_commit.
CREATE (s:Store {repo_id: $repo_id, epoch: randomUUID()})
RETURN s.repo_id AS repo_id
