// How many symbols of each kind every file defines (methods and modules included), for naming packets.
MATCH (s:Symbol {repo_id: $repo_id})
RETURN s.path AS path, s.kind AS kind, count(*) AS count
ORDER BY path, kind
