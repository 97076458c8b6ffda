CREATE INDEX file_repo IF NOT EXISTS FOR (f:File) ON (f.repo_id)
