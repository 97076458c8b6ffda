// rows: [source element id, target element id] (CONTAINS is structural: no properties): both ends were
// written or looked up by this load (codegraph_upsert_*, codegraph_element_ids); finding them by element id
// costs no index seek. The repo_id check keeps a node that went meanwhile (and an id reused) from being linked.
CYPHER replan=skip
UNWIND $batch.rows AS row
MATCH (a) WHERE elementId(a) = row[0] AND a.repo_id = $batch.repo_id
MATCH (b) WHERE elementId(b) = row[1] AND b.repo_id = $batch.repo_id
CREATE (a)-[:CONTAINS]->(b)
