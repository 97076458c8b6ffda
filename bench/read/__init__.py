"""bench/read: the map read through the API against the bare Cypher behind it."""
