// Every index of the database, its state and the constraint owning it (null for a plain index):
// `Database.apply_schema` runs nothing when the schema statements' constraints and indexes are all there.
SHOW INDEXES YIELD name, state, owningConstraint
RETURN name, state, owningConstraint AS owning_constraint
