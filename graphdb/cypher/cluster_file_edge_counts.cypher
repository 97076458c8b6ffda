// How many code-graph relationships run from one file to another (imports, and calls/inheritance between
// symbols lifted to their files), as in cluster_file_edges but counted, not weighted: a scan's summary adds
// them up per socket.
MATCH (a:File|Symbol {repo_id: $repo_id})-[r:IMPORTS|CALLS|INHERITS]->(b:File|Symbol {repo_id: $repo_id})
WHERE a.path <> b.path
RETURN a.path AS source, b.path AS target, count(r) AS edges
ORDER BY source, target
