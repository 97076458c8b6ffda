// Packages no file of the repository uses any more.
MATCH (p:Package {repo_id: $repo_id})
WHERE NOT p.id IN $keep
DETACH DELETE p
