// Empties the database's query caches; its one value says how many executable plans they held.
CALL db.clearQueryCaches()
