// File-level dependencies: imports between files, and calls/inheritance between symbols (or top-level
// code) lifted to the files that hold them; one row per (source file, target file, kind), all of them as one
// row of lists (`Database.columns`).
MATCH (a:File|Symbol {repo_id: $repo_id})-[r:IMPORTS|CALLS|INHERITS]->(b:File|Symbol {repo_id: $repo_id})
WHERE a.path <> b.path
WITH a.path AS source, b.path AS target, type(r) AS kind, sum(coalesce(r.weight, 1.0)) AS weight
ORDER BY source, target, kind
RETURN collect(source) AS sources, collect(target) AS targets, collect(kind) AS kinds, collect(weight) AS weights
