// rows: [source id, target id, count, weight, confidence]
UNWIND $rows AS row
MATCH (a:Symbol {repo_id: $repo_id, id: row[0]}) USING INDEX SEEK a:Symbol(repo_id, id)
MATCH (b:Symbol {repo_id: $repo_id, id: row[1]}) USING INDEX SEEK b:Symbol(repo_id, id)
CREATE (a)-[:CONTAINS {count: toInteger(row[2]), weight: toFloat(row[3]), confidence: toFloat(row[4])}]->(b)
