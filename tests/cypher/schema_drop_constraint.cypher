// Drop a constraint by name, with its backing index (a test then checks that apply_schema brings it back).
DROP CONSTRAINT $name IF EXISTS
