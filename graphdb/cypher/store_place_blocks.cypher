// Positions in the picture: the locked store's changed block docs and its manifest, nothing else. A position
// is not a boundary: the version, the history and the lease stay as they are (the manifest's block digests
// change, so readers and the response cache see the new docs).
MATCH (s:Store {repo_id: $repo_id})
SET s.manifest = $manifest
WITH s
CALL (s) {
  UNWIND $blocks AS row
  MATCH (s)-[:HAS_BLOCK]->(b:Block {block_id: row.block_id})
  SET b.doc = row.doc
}
RETURN s.store_version AS store_version
