// Relationships of every kind, each kind's rows in a list of its own (one transaction for a few rows of
// each, not one per kind).
// contains: [source element id, target element id] (CONTAINS is structural: no properties); imports, calls,
// inherits, uses_package: [source element id, target element id, count, weight, confidence]; both ends were
// written or looked up by this load (codegraph_upsert_*, codegraph_create_files, codegraph_element_ids), and
// finding them by element id costs no index seek. The repo_id checks keep a node that went meanwhile (and an
// id reused) from being linked.
CYPHER replan=skip
CALL () {
  UNWIND $batch.contains AS row
  MATCH (a) WHERE elementId(a) = row[0] AND a.repo_id = $batch.repo_id
  MATCH (b) WHERE elementId(b) = row[1] AND b.repo_id = $batch.repo_id
  CREATE (a)-[:CONTAINS]->(b)
}
CALL () {
  UNWIND $batch.imports AS row
  MATCH (a) WHERE elementId(a) = row[0] AND a.repo_id = $batch.repo_id
  MATCH (b) WHERE elementId(b) = row[1] AND b.repo_id = $batch.repo_id
  CREATE (a)-[:IMPORTS {count: toInteger(row[2]), weight: toFloat(row[3]), confidence: toFloat(row[4])}]->(b)
}
CALL () {
  UNWIND $batch.calls AS row
  MATCH (a) WHERE elementId(a) = row[0] AND a.repo_id = $batch.repo_id
  MATCH (b) WHERE elementId(b) = row[1] AND b.repo_id = $batch.repo_id
  CREATE (a)-[:CALLS {count: toInteger(row[2]), weight: toFloat(row[3]), confidence: toFloat(row[4])}]->(b)
}
CALL () {
  UNWIND $batch.inherits AS row
  MATCH (a) WHERE elementId(a) = row[0] AND a.repo_id = $batch.repo_id
  MATCH (b) WHERE elementId(b) = row[1] AND b.repo_id = $batch.repo_id
  CREATE (a)-[:INHERITS {count: toInteger(row[2]), weight: toFloat(row[3]), confidence: toFloat(row[4])}]->(b)
}
CALL () {
  UNWIND $batch.uses_package AS row
  MATCH (a) WHERE elementId(a) = row[0] AND a.repo_id = $batch.repo_id
  MATCH (b) WHERE elementId(b) = row[1] AND b.repo_id = $batch.repo_id
  CREATE (a)-[:USES_PACKAGE {count: toInteger(row[2]), weight: toFloat(row[3]), confidence: toFloat(row[4])}]->(b)
}
