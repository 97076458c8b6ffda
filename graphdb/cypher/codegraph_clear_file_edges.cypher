// Remove the relationships that files (rows: [id, [ids of the symbols it still defines]]) originate,
// from their symbols and from the file itself, and delete the symbols the file no longer defines
// (symbols first: they are found through the file's DEFINES relationships, which go last).
CYPHER replan=skip
UNWIND $batch.rows AS row
MATCH (f:File {repo_id: $batch.repo_id, id: row[0]}) USING INDEX SEEK f:File(repo_id, id)
CALL (f, row) {
  MATCH (f)-[:DEFINES]->(s:Symbol)
  OPTIONAL MATCH (s)-[r]->()
  DELETE r
  WITH DISTINCT s
  WHERE NOT s.id IN row[1]
  DETACH DELETE s
}
CALL (f) {
  MATCH (f)-[r]->()
  DELETE r
}
