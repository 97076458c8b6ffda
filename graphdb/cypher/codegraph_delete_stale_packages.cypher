// Packages no file of the repository uses any more.
MATCH (p:Package {repo_id: $batch.repo_id})
WHERE NOT p.id IN $batch.keep
DETACH DELETE p
