// Delete files and the symbols they define, with every relationship touching them.
CYPHER replan=skip
UNWIND $batch.ids AS id
MATCH (f:File {repo_id: $batch.repo_id, id: id}) USING INDEX SEEK f:File(repo_id, id)
OPTIONAL MATCH (f)-[:DEFINES]->(s:Symbol)
DETACH DELETE s, f
