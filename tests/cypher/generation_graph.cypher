// The files, symbols and packages of one code graph generation (nodes carrying $key) with their properties
// but the key and the load's digest, each with its outgoing relationships (type, target id, properties): two
// generations of the same tree compare equal.
MATCH (n:File|Symbol|Package {repo_id: $key})
OPTIONAL MATCH (n)-[r]->(m {repo_id: $key})
WITH n, collect([type(r), m.id, properties(r)]) AS out
RETURN n.id AS id, labels(n) AS labels,
       [k IN keys(n) WHERE NOT k IN ['repo_id', 'digest'] | [k, n[k]]] AS properties, out
