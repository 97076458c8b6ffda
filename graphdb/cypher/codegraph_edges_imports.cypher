// rows: [source id, target id, count, weight, confidence]
UNWIND $rows AS row
MATCH (a:File {repo_id: $repo_id, id: row[0]}) USING INDEX SEEK a:File(repo_id, id)
MATCH (b:File {repo_id: $repo_id, id: row[1]}) USING INDEX SEEK b:File(repo_id, id)
CREATE (a)-[:IMPORTS {count: toInteger(row[2]), weight: toFloat(row[3]), confidence: toFloat(row[4])}]->(b)
