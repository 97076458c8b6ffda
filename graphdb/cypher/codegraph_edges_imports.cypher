UNWIND $rows AS row
MATCH (a:File {repo_id: $repo_id, id: row.source})
MATCH (b:File {repo_id: $repo_id, id: row.target})
CREATE (a)-[:IMPORTS {count: row.count, weight: row.weight, confidence: row.confidence}]->(b)
