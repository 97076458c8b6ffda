// rows: [id, ecosystem, name]
UNWIND $rows AS row
MERGE (p:Package {repo_id: $repo_id, id: row[0]})
SET p.ecosystem = row[1], p.name = row[2]
