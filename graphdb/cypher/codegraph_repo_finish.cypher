// The end of a load: the repository node with the figures of its latest load, and the repository's packages
// that no file uses any more deleted (no relationship this load writes ends at one of them).
CYPHER replan=skip
MERGE (r:Repo {repo_id: $batch.repo_id})
SET r.files = $batch.files, r.symbols = $batch.symbols, r.relationships = $batch.relationships,
    r.packages = $batch.packages
WITH r
CALL () {
  MATCH (p:Package {repo_id: $batch.repo_id}) USING INDEX p:Package(repo_id, id)
  WHERE p.id IS NOT NULL AND NOT p.id IN $batch.keep
  DETACH DELETE p
}
