// rows: [id, ecosystem, name]. Returns the packages' keys and element ids, in step (see codegraph_upsert_symbols).
CYPHER replan=skip
UNWIND $batch.rows AS row
MERGE (p:Package {repo_id: $batch.repo_id, id: row[0]})
SET p.ecosystem = row[1], p.name = row[2]
RETURN collect(row[0]) AS ids, collect(elementId(p)) AS nodes
