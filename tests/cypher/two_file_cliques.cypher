// Two tight groups of files (a*, b*) joined by one light edge: Louvain must find two communities.
UNWIND $files AS path
CREATE (:File {repo_id: $repo_id, id: 'file::' + path, path: path})
WITH count(*) AS created
UNWIND $edges AS edge
MATCH (s:File {repo_id: $repo_id, id: 'file::' + edge[0]}), (t:File {repo_id: $repo_id, id: 'file::' + edge[1]})
CREATE (s)-[:IMPORTS {weight: toFloat(edge[2])}]->(t)
RETURN count(*) AS edges
