UNWIND $rows AS row
MATCH (a:File {repo_id: $repo_id, id: row.source})
MATCH (b:Package {repo_id: $repo_id, id: row.target})
CREATE (a)-[:USES_PACKAGE {count: row.count, weight: row.weight, confidence: row.confidence}]->(b)
