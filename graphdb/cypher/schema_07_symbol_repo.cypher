CREATE INDEX symbol_repo IF NOT EXISTS FOR (s:Symbol) ON (s.repo_id)
