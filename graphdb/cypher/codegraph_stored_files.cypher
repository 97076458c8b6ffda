// The files of a repository as its last load stored them: language, content hash and parse (JSON); an
// incremental scan reuses the parses. As one row (`Database.table`).
MATCH (f:File {repo_id: $repo_id})
WHERE f.parse IS NOT NULL
WITH f.path AS path, f.language AS language, f.sha256 AS sha256, f.parse AS parse
ORDER BY path
RETURN collect({path: path, language: language, sha256: sha256, parse: parse}) AS rows
