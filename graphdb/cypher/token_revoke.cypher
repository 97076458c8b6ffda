MATCH (t:Token {token_id: $token_id})
SET t.revoked = true
RETURN t.token_id AS token_id
