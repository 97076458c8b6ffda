CREATE CONSTRAINT edit_batch_key IF NOT EXISTS FOR (e:EditBatch) REQUIRE (e.repo_id, e.batch_id) IS UNIQUE
