UNWIND $rows AS row
MERGE (p:Package {repo_id: $repo_id, id: row.id})
SET p.ecosystem = row.ecosystem, p.name = row.name
