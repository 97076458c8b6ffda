// Written last: a file whose load was interrupted keeps a null digest and is rewritten next time.
// rows: [file id, digest]
UNWIND $rows AS row
MATCH (f:File {repo_id: $repo_id, id: row[0]}) USING INDEX SEEK f:File(repo_id, id)
SET f.digest = row[1]
