// A repository's code graph binding: the key its live generation's nodes carry as `repo_id` (null: the
// repository id itself, as loaded before generations) and the directory it was first scanned from.
OPTIONAL MATCH (r:Repo {repo_id: $repo_id})
RETURN r.graph AS graph, r.root AS root
