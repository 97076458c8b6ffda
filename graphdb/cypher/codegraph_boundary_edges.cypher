// For the files of $paths, the files outside their block ($members: every file of the block) that depend on
// each (way 'in') and that each depends on (way 'out'): imports, calls and inheritance lifted to the files
// that hold them, each other file counted once. One pass over the repository's nodes each way, not one a file.
CALL () {
  MATCH (a:File|Symbol {repo_id: $repo_id})-[:IMPORTS|CALLS|INHERITS]->(b:File|Symbol {repo_id: $repo_id})
  WHERE a.path IN $paths AND b.path <> a.path AND NOT b.path IN $members
  RETURN a.path AS path, 'out' AS way, count(DISTINCT b.path) AS files
  UNION ALL
  MATCH (a:File|Symbol {repo_id: $repo_id})-[:IMPORTS|CALLS|INHERITS]->(b:File|Symbol {repo_id: $repo_id})
  WHERE b.path IN $paths AND a.path <> b.path AND NOT a.path IN $members
  RETURN b.path AS path, 'in' AS way, count(DISTINCT a.path) AS files
}
RETURN path, way, files
