MATCH (:Mission {mission_id: $mission_id})-[:HAS_LETTER]->(l:MissionLetter)
RETURN l {.*} AS letter
ORDER BY l.seq
