MATCH (t:Token {label: $label})
WHERE NOT t.revoked
SET t.revoked = true
RETURN count(t) AS revoked
