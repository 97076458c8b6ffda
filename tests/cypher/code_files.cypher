// Files with their language and size ($files: [path, language, size]) and file-level imports between them.
UNWIND $files AS file
CREATE (:File {repo_id: $repo_id, id: 'file::' + file[0], path: file[0], language: file[1], size: file[2]})
WITH count(*) AS created
UNWIND $edges AS edge
MATCH (s:File {repo_id: $repo_id, id: 'file::' + edge[0]}), (t:File {repo_id: $repo_id, id: 'file::' + edge[1]})
CREATE (s)-[:IMPORTS {weight: 1.0}]->(t)
RETURN count(*) AS edges
