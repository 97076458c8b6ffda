// rows: [id, path, language, size, sha256, lines, parse JSON or null]. Both load paths send files this
// way: the parse JSON is large and may hold any text, which the bulk path's CSV files are not for.
// Returns the files' keys and element ids, in step: the relationship statements find their ends by those.
CYPHER replan=skip
UNWIND $batch.rows AS row
MERGE (f:File {repo_id: $batch.repo_id, id: row[0]})
SET f.path = row[1], f.language = row[2], f.size = row[3], f.sha256 = row[4], f.lines = row[5],
    f.parse = row[6], f.digest = null
RETURN collect(row[0]) AS ids, collect(elementId(f)) AS nodes
