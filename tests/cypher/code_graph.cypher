// A small code graph written by hand: File, Symbol and Package nodes, then typed relationships.
// $files: [[path, language]], $symbols: [[path, kind, qualified name]], $packages: [[ecosystem, name]],
// $edges: [[type, source id, target id, weight]] (ids as the ingest writes them).
UNWIND $files AS f
CREATE (:File {repo_id: $repo_id, id: 'file::' + f[0], path: f[0], language: f[1]})
WITH count(*) AS files
UNWIND $symbols AS s
CREATE (:Symbol {repo_id: $repo_id, id: s[0] + '::' + s[1] + '::' + s[2], path: s[0], kind: s[1], name: s[2],
                 qualified_name: s[2]})
WITH count(*) AS symbols
UNWIND $packages AS p
CREATE (:Package {repo_id: $repo_id, id: 'package::' + p[0] + '::' + p[1], ecosystem: p[0], name: p[1]})
WITH count(*) AS packages
UNWIND $edges AS e
MATCH (s:File|Symbol|Package {repo_id: $repo_id, id: e[1]}), (t:File|Symbol|Package {repo_id: $repo_id, id: e[2]})
CREATE (s)-[r:$(e[0]) {weight: toFloat(e[3]), count: 1, confidence: 1.0}]->(t)
RETURN count(r) AS edges
