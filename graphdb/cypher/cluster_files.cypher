// Every file of a repository with its language.
MATCH (f:File {repo_id: $repo_id})
RETURN f.path AS path, coalesce(f.language, 'other') AS language
ORDER BY path
