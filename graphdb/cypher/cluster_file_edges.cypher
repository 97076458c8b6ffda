// File-level dependencies: imports between files, and calls/inheritance between symbols (or top-level
// code) lifted to the files that hold them; one per (source file, target file, kind), in that order. As one row
// of lists (`Database.columns`), a list of each per source file: a large tree's edges are ten times its sources,
// and a path read again for each would be most of what the client reads.
MATCH (a:File|Symbol {repo_id: $repo_id})-[r:IMPORTS|CALLS|INHERITS]->(b:File|Symbol {repo_id: $repo_id})
WHERE a.path <> b.path
WITH a.path AS source, b.path AS target, type(r) AS kind, sum(coalesce(r.weight, 1.0)) AS weight
ORDER BY source, target, kind
WITH source, collect(target) AS targets, collect(kind) AS kinds, collect(weight) AS weights
ORDER BY source
RETURN collect(source) AS sources, collect(targets) AS targets, collect(kinds) AS kinds, collect(weights) AS weights
