MATCH (t:Token {token_hash: $token_hash})
WHERE NOT t.revoked
RETURN t.token_id AS token_id, t.token_hash AS token_hash, t.seat AS seat, t.agent_id AS agent_id
