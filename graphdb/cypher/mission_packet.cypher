MATCH (m:Mission {mission_id: $mission_id})
RETURN m.packet AS packet
