// Every relationship of a repository's code graph (for checks and exports).
MATCH (a:File|Symbol {repo_id: $repo_id})-[r:DEFINES|CONTAINS|IMPORTS|CALLS|INHERITS|USES_PACKAGE]->(b)
RETURN type(r) AS kind, a.id AS source, b.id AS target, r.count AS count, r.weight AS weight,
       r.confidence AS confidence
ORDER BY kind, source, target
