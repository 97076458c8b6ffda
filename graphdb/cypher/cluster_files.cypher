// Every file of a repository with its language; as one row (`Database.table`).
MATCH (f:File {repo_id: $repo_id})
WITH f.path AS path, coalesce(f.language, 'other') AS language
ORDER BY path
RETURN collect({path: path, language: language}) AS rows
