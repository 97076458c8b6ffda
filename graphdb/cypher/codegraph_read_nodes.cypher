// Every node of a repository's code graph with its properties (for checks and exports).
MATCH (n:File|Symbol|Package {repo_id: $repo_id})
RETURN labels(n)[0] AS label, n.id AS id, properties(n) AS properties
ORDER BY label, id
