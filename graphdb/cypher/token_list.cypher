MATCH (t:Token)
RETURN t.token_id AS token_id, t.seat AS seat, t.agent_id AS agent_id, t.label AS label,
       toString(t.created_at) AS created_at, t.revoked AS revoked
ORDER BY t.created_at, t.token_id
