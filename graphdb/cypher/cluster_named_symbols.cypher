// Symbols worth naming a block after (types and functions), weighted by how many other files use them; as one
// row of lists (`Database.columns`).
MATCH (s:Symbol {repo_id: $repo_id})
WHERE s.kind IN ['class', 'struct', 'interface', 'trait', 'enum', 'function']
WITH s.path AS path, s.name AS name, s.kind AS kind,
     1 + COUNT { (x)-[:CALLS|INHERITS]->(s) WHERE x.path <> s.path } AS weight
ORDER BY path, name, kind
RETURN collect(path) AS paths, collect(name) AS names, collect(kind) AS kinds, collect(weight) AS weights
