// Written last: a file whose load was interrupted keeps a null digest and is rewritten next time.
UNWIND $rows AS row
MATCH (f:File {repo_id: $repo_id, id: row.id})
SET f.digest = row.digest
