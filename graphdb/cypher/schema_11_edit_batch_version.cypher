CREATE INDEX edit_batch_version IF NOT EXISTS FOR (e:EditBatch) ON (e.repo_id, e.store_version)
