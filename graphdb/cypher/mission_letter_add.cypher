// Append a letter to a mission's chain (call with the mission locked: the sequence number is read here).
MATCH (m:Mission {mission_id: $mission_id})
SET m.letter_count = m.letter_count + 1
CREATE (m)-[:HAS_LETTER]->(l:MissionLetter {repo_id: m.repo_id, mission_id: m.mission_id, seq: m.letter_count,
                                            author: $author, seat: $seat, body: $body, at: $at})
RETURN l {.*} AS letter
