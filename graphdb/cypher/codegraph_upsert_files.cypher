UNWIND $rows AS row
MERGE (f:File {repo_id: $repo_id, id: row.id})
SET f.path = row.path, f.language = row.language, f.size = row.size, f.sha256 = row.sha256,
    f.lines = row.lines, f.parse = row.parse, f.digest = null
