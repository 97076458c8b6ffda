// Every file of a repository with its language, in path order; as one row of lists (`Database.columns`).
MATCH (f:File {repo_id: $repo_id})
WITH f.path AS path, coalesce(f.language, 'other') AS language
ORDER BY path
RETURN collect(path) AS paths, collect(language) AS languages
