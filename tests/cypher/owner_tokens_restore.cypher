// Test only: bring back the tokens parked under $mark, exactly as they were.
MATCH (t:Token {parked_by: $mark})
SET t.revoked = false
REMOVE t.parked_by
RETURN count(t) AS restored
