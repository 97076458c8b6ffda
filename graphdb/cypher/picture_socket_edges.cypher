// The code-graph edges from one set of files to another (the edges behind a socket), one row per
// (source file, target file, kind), with the symbols involved on each side (ends that are symbols, not
// whole files; 12 at most each) and the total weight, first $first rows in path order; `total` counts every row.
MATCH (a:File|Symbol {repo_id: $repo_id})-[r:IMPORTS|CALLS|INHERITS]->(b:File|Symbol {repo_id: $repo_id})
WHERE a.path IN $sources AND b.path IN $targets AND a.path <> b.path
WITH a.path AS source, b.path AS target, type(r) AS kind, sum(coalesce(r.weight, 1.0)) AS weight,
     collect(DISTINCT CASE WHEN a:Symbol THEN a.name END)[..12] AS callers,
     collect(DISTINCT CASE WHEN b:Symbol THEN b.name END)[..12] AS used
ORDER BY source, target, kind
WITH collect({source: source, target: target, kind: kind, weight: weight, callers: callers, used: used}) AS rows
RETURN size(rows) AS total, rows[..$first] AS rows
