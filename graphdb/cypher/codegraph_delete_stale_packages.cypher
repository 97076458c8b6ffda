// Packages no file of the repository uses any more.
CYPHER replan=skip
MATCH (p:Package {repo_id: $batch.repo_id}) USING INDEX p:Package(repo_id, id)
WHERE p.id IS NOT NULL AND NOT p.id IN $batch.keep
DETACH DELETE p
