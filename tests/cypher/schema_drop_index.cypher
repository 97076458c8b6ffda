// Drop an index by name (a test then checks that apply_schema brings it back).
DROP INDEX $name IF EXISTS
