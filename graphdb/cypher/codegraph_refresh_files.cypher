// Edited files whose nodes and edges stay as they are (`ingest.changes`): each file's record and parse, and
// its symbols' lines. rows: [id, size, sha256, lines, parse JSON, [[symbol id, start line, end line] ...]].
// The digest is cleared: the next load into this generation writes the file again (`graphdb.codegraph.sync`).
UNWIND $rows AS row
MATCH (f:File {repo_id: $repo_id, id: row[0]}) USING INDEX SEEK f:File(repo_id, id)
SET f.size = row[1], f.sha256 = row[2], f.lines = row[3], f.parse = row[4], f.digest = null
WITH row
UNWIND row[5] AS line
MATCH (s:Symbol {repo_id: $repo_id, id: line[0]}) USING INDEX SEEK s:Symbol(repo_id, id)
SET s.start_line = line[1], s.end_line = line[2]
