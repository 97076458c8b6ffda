// Files that have no node yet (codegraph_file_digests did not list them), each with its symbols, its DEFINES
// relationships and the relationships between its own symbols, all created in one go: no MERGE (no locking
// index seek per node) and no lookup of an end. A node that exists after all fails the statement on a key
// constraint (the loader then loads again with the MERGE statements).
// rows: [id, path, language, size, sha256, lines, parse JSON or null,
//        [[id, path, kind, name, qualified name, start line, end line]] (symbols),
//        CONTAINS: [[source index, target index]], CALLS, INHERITS: each [[source index, target index, count,
//        weight, confidence]], the indexes into the symbols]
// DEFINES and CONTAINS are structural: they carry no properties (see codegraph_read_relationships).
// Returns the keys and element ids of the files and symbols, in step.
CYPHER replan=skip
UNWIND $batch.rows AS row
CREATE (f:File {repo_id: $batch.repo_id, id: row[0], path: row[1], language: row[2], size: row[3],
                sha256: row[4], lines: row[5], parse: row[6]})
WITH f, row
CALL (f, row) {
  UNWIND row[7] AS symbol
  CREATE (s:Symbol {repo_id: $batch.repo_id, id: symbol[0], path: symbol[1], kind: symbol[2],
                    name: symbol[3], qualified_name: symbol[4], start_line: toInteger(symbol[5]),
                    end_line: toInteger(symbol[6])})
  CREATE (f)-[:DEFINES]->(s)
  RETURN collect(s) AS symbols
}
CALL (row, symbols) {
  UNWIND row[8] AS edge
  WITH symbols[edge[0]] AS a, symbols[edge[1]] AS b
  CREATE (a)-[:CONTAINS]->(b)
}
CALL (row, symbols) {
  UNWIND row[9] AS edge
  WITH symbols[edge[0]] AS a, symbols[edge[1]] AS b, edge
  CREATE (a)-[:CALLS {count: toInteger(edge[2]), weight: toFloat(edge[3]), confidence: toFloat(edge[4])}]->(b)
}
CALL (row, symbols) {
  UNWIND row[10] AS edge
  WITH symbols[edge[0]] AS a, symbols[edge[1]] AS b, edge
  CREATE (a)-[:INHERITS {count: toInteger(edge[2]), weight: toFloat(edge[3]), confidence: toFloat(edge[4])}]->(b)
}
UNWIND [f] + symbols AS node
RETURN collect(node.id) AS ids, collect(elementId(node)) AS nodes
