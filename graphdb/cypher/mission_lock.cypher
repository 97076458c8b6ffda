// Take the mission's write lock first, then read it (the Store recipe of shared/DESIGN.md).
MATCH (m:Mission {mission_id: $mission_id})
SET m._lock = true
REMOVE m._lock
RETURN m {.*, packet: null} AS mission
