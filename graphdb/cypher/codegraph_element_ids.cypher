// The element ids of files and symbols this load did not write (ends of relationships from changed files
// into unchanged ones), by key; ids with no node are left out.
CYPHER replan=skip
UNWIND $batch.files AS id
MATCH (n:File {repo_id: $batch.repo_id, id: id}) USING INDEX SEEK n:File(repo_id, id)
RETURN id, elementId(n) AS node
UNION ALL
UNWIND $batch.symbols AS id
MATCH (n:Symbol {repo_id: $batch.repo_id, id: id}) USING INDEX SEEK n:Symbol(repo_id, id)
RETURN id, elementId(n) AS node
