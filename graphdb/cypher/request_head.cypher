// One round trip for a read that may be answered from the API's response cache: who presents the token
// (as token_lookup) and what names the store's answer (as store_peek). At most one row each side.
OPTIONAL MATCH (t:Token {token_hash: $token_hash})
WHERE NOT t.revoked
OPTIONAL MATCH (s:Store {repo_id: $repo_id})
RETURN t.token_id AS token_id, t.token_hash AS token_hash, t.seat AS seat, t.agent_id AS agent_id,
       s.manifest AS manifest, s.curating_by AS curating_by, s.curating_until AS curating_until
