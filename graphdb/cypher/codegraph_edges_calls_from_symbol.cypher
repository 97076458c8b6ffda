UNWIND $rows AS row
MATCH (a:Symbol {repo_id: $repo_id, id: row.source})
MATCH (b:Symbol {repo_id: $repo_id, id: row.target})
CREATE (a)-[:CALLS {count: row.count, weight: row.weight, confidence: row.confidence}]->(b)
