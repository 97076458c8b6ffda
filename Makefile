# The two commands of the README:
#   make run   start the local Neo4j + GDS, then serve the API on http://127.0.0.1:8000
#   make test  every test (unit, integration on a real Neo4j + GDS, API over HTTP)
.PHONY: run test

run:
	@scripts/bootstrap.sh
	.venv/bin/coderooms db start
	.venv/bin/coderooms serve

test:
	@scripts/bootstrap.sh --test
	.venv/bin/python -m pytest
