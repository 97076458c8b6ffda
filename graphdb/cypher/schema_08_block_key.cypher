CREATE CONSTRAINT block_key IF NOT EXISTS FOR (b:Block) REQUIRE (b.repo_id, b.block_id) IS UNIQUE
