// Test only: hide every live OWNER token (revoked, and marked with $mark so they can be restored)
// to give a test a database that holds no owner token, without deleting anyone's token.
MATCH (t:Token {seat: $seat})
WHERE NOT t.revoked
SET t.revoked = true, t.parked_by = $mark
RETURN count(t) AS parked
