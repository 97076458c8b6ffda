// rows: [file id, [[id, path, kind, name, qualified name, start line, end line]]]
// Each file's symbols and the file's DEFINES relationships to them, structural: no properties (the file's own
// outgoing relationships were cleared before, so CREATE adds each one once). Returns the symbols' keys and
// element ids, in step (one record: cheaper to decode than a record per symbol); the relationship statements
// find their ends by those.
CYPHER replan=skip
UNWIND $batch.rows AS row
MATCH (f:File {repo_id: $batch.repo_id, id: row[0]}) USING INDEX SEEK f:File(repo_id, id)
UNWIND row[1] AS symbol
MERGE (s:Symbol {repo_id: $batch.repo_id, id: symbol[0]})
SET s.path = symbol[1], s.kind = symbol[2], s.name = symbol[3], s.qualified_name = symbol[4],
    s.start_line = toInteger(symbol[5]), s.end_line = toInteger(symbol[6])
CREATE (f)-[:DEFINES]->(s)
RETURN collect(symbol[0]) AS ids, collect(elementId(s)) AS nodes
