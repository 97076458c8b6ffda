CALL db.awaitIndexes(300)
