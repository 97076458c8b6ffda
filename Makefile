# The two commands of the README:
#   make run   start the local Neo4j + GDS, scan a repository (REPO, default: this one) and serve the
#              API and the screen on http://127.0.0.1:8000
#   make test  every test (unit, integration on a real Neo4j + GDS, the API over HTTP, the screen)
# and the fast lane while working:
#   make check lint and format (ruff), types (mypy), and the unit tests, which need no database
#   make docs/errors.md  the list of error codes, from rooms/contract/error_codes.py (a unit test compares)
REPO ?= .
.PHONY: run test check docs/errors.md

run:
	@scripts/bootstrap.sh
	.venv/bin/coderooms db start
	.venv/bin/coderooms scan "$(REPO)"
	CODEROOMS_SCAN_ROOTS='["$(abspath $(REPO))"]' .venv/bin/coderooms serve

test:
	@scripts/bootstrap.sh --test
	.venv/bin/python -m pytest

check:
	@scripts/bootstrap.sh --test
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy
	.venv/bin/python -m pytest -q tests/unit

docs/errors.md:
	.venv/bin/python -c 'import sys; from rooms.contract.error_codes import markdown; sys.stdout.write(markdown())' > $@
