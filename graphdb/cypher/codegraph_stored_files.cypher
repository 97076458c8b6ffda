// The files of a repository as its last load stored them: language, content hash and parse (JSON); an
// incremental scan reuses the parses. As records, not one collected list (`Database.table`): on a large tree
// the list of every parse JSON costs the server several times what its records do (bench/scan's README).
MATCH (f:File {repo_id: $repo_id})
WHERE f.parse IS NOT NULL
RETURN f.path AS path, f.language AS language, f.sha256 AS sha256, f.parse AS parse
ORDER BY path
