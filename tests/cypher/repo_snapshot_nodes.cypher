// Every node stored under a repository id or one of its code graph generations (`<id>~…`), with its
// labels and properties: a before/after comparison of what a request may have written.
MATCH (n)
WHERE n.repo_id = $repo_id OR n.repo_id STARTS WITH $repo_id + '~'
RETURN elementId(n) AS node, labels(n) AS labels, properties(n) AS properties
