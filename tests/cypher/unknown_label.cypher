// A label no node carries: Neo4j answers with a notification (label does not exist).
MATCH (n:CoderoomsNoSuchLabel) RETURN count(n) AS n
