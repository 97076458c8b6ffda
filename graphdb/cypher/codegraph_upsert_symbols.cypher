UNWIND $rows AS row
MERGE (s:Symbol {repo_id: $repo_id, id: row.id})
SET s.path = row.path, s.kind = row.kind, s.name = row.name, s.qualified_name = row.qualified_name,
    s.start_line = row.start_line, s.end_line = row.end_line
