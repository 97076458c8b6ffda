CREATE CONSTRAINT package_key IF NOT EXISTS FOR (p:Package) REQUIRE (p.repo_id, p.id) IS UNIQUE
