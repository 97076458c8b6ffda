// The property keys stored on each of a repository's code-graph relationships, with its kind.
MATCH (a:File|Symbol {repo_id: $repo_id})-[r]->()
RETURN type(r) AS kind, keys(r) AS keys
