CREATE (t:Token {token_id: $token_id, token_hash: $token_hash, seat: $seat, agent_id: $agent_id,
                 label: $label, created_at: datetime(), revoked: false})
RETURN t.token_id AS token_id
