// The repository node of a code graph, with the figures of its latest load.
MERGE (r:Repo {repo_id: $repo_id})
SET r.files = $files, r.symbols = $symbols, r.relationships = $relationships, r.packages = $packages
