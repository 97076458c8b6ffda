// Files with exactly one relationship (leaves, left out of the projection when folding) and the id of
// their one neighbour, whose community they take.
MATCH (f:File {repo_id: $repo_id})
WHERE COUNT { (f)-[:IMPORTS|CALLS|INHERITS|DEFINES|CONTAINS]-() } = 1
MATCH (f)-[:IMPORTS|CALLS|INHERITS|DEFINES|CONTAINS]-(n)
RETURN f.path AS path, n.id AS neighbour
ORDER BY path
