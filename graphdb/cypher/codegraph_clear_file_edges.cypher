// Remove the relationships that files (rows: {id, symbol_ids}) originate, from their symbols and from
// the file itself, and delete the symbols the file no longer defines (symbols first: they are found
// through the file's DEFINES relationships, which go last).
UNWIND $rows AS row
MATCH (f:File {repo_id: $repo_id, id: row.id})
CALL (f, row) {
  MATCH (f)-[:DEFINES]->(s:Symbol)
  OPTIONAL MATCH (s)-[r]->()
  DELETE r
  WITH DISTINCT s
  WHERE NOT s.id IN row.symbol_ids
  DETACH DELETE s
}
CALL (f) {
  MATCH (f)-[r]->()
  DELETE r
}
