// The repository node of a code graph, with the figures of its latest load.
CYPHER replan=skip
MERGE (r:Repo {repo_id: $batch.repo_id})
SET r.files = $batch.files, r.symbols = $batch.symbols, r.relationships = $batch.relationships,
    r.packages = $batch.packages
