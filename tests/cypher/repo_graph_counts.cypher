// The live code graph of a repository, counted: files, symbols, packages and their relationships.
OPTIONAL MATCH (r:Repo {repo_id: $repo_id})
WITH coalesce(r.graph, $repo_id) AS graph
MATCH (n:File|Symbol|Package {repo_id: graph})
OPTIONAL MATCH (n)-[rel]->()
RETURN labels(n)[0] AS label, count(DISTINCT n) AS nodes, count(rel) AS relationships
ORDER BY label
