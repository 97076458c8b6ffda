// The Repo node of a staging generation (its key has a `~`, which no repository id has), once its files,
// symbols and packages are deleted: a refused or failed scan leaves nothing of its own.
MATCH (r:Repo {repo_id: $repo_id})
WHERE r.repo_id CONTAINS '~'
DELETE r
RETURN count(*) AS deleted
