// rows: [id, path, kind, name, qualified name, start line, end line]
UNWIND $rows AS row
MERGE (s:Symbol {repo_id: $repo_id, id: row[0]})
SET s.path = row[1], s.kind = row[2], s.name = row[3], s.qualified_name = row[4],
    s.start_line = toInteger(row[5]), s.end_line = toInteger(row[6])
