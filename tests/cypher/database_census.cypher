// Every node and relationship of the database, counted by label and by type (what a step that must leave
// nothing behind compares before and after).
CALL {
  MATCH (n) RETURN 'node ' + coalesce(labels(n)[0], '') AS kind, count(*) AS count
  UNION ALL
  MATCH ()-[r]->() RETURN 'relationship ' + type(r) AS kind, count(*) AS count
}
RETURN kind, count
ORDER BY kind
