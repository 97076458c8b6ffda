// Set the given mission fields ($changes: a map of plain values).
MATCH (m:Mission {mission_id: $mission_id})
SET m += $changes
RETURN m {.*, packet: null} AS mission
