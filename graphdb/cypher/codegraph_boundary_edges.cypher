// For each file of $paths, the files outside its block ($members: every file of the block) that depend on it
// (edges_in) and that it depends on (edges_out): imports, calls and inheritance lifted to the files that
// hold them, each other file counted once.
UNWIND $paths AS p
CALL (p) {
  OPTIONAL MATCH (a:File|Symbol {repo_id: $repo_id, path: p})-[:IMPORTS|CALLS|INHERITS]->(b:File|Symbol {repo_id: $repo_id})
  WHERE b.path <> p AND NOT b.path IN $members
  RETURN count(DISTINCT b.path) AS edges_out
}
CALL (p) {
  OPTIONAL MATCH (a:File|Symbol {repo_id: $repo_id})-[:IMPORTS|CALLS|INHERITS]->(b:File|Symbol {repo_id: $repo_id, path: p})
  WHERE a.path <> p AND NOT a.path IN $members
  RETURN count(DISTINCT a.path) AS edges_in
}
RETURN p AS path, edges_in, edges_out
