// Every relationship of a repository's code graph (for checks and exports). The structural ones (DEFINES,
// CONTAINS) are stored without properties: each is one definition or one nesting, so its count is 1 and its
// weight and confidence 1.0, which every reader of weights takes for a missing one (coalesce).
MATCH (a:File|Symbol {repo_id: $repo_id})-[r:DEFINES|CONTAINS|IMPORTS|CALLS|INHERITS|USES_PACKAGE]->(b)
WITH r, a, b, r:DEFINES|CONTAINS AS structural
RETURN type(r) AS kind, a.id AS source, b.id AS target,
       CASE WHEN structural THEN 1 ELSE r.count END AS count,
       CASE WHEN structural THEN 1.0 ELSE r.weight END AS weight,
       CASE WHEN structural THEN 1.0 ELSE r.confidence END AS confidence
ORDER BY kind, source, target
