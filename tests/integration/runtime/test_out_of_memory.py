"""A scan Neo4j refuses for lack of memory, on a local server of this test's own whose transactions may hold
little memory together (``CODEROOMS_NEO4J_TRANSACTION_MEMORY``): the load of a package of many long-named
functions needs more than that. The CLI says so in one line with its stable code and what to do (exit 1); the
refusal is not retried; the store and the live code graph are exactly as they were, nothing staged left."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphdb.database import RETRIES_LOGGER, Database
from graphdb.errors import DatabaseOutOfMemory
from graphdb.runtime import LocalInstance
from graphdb.settings import DbSettings
from rooms.contract import ErrorCode
from services import scan as scans
from tests.integration.owner import OWNER
from tests.integration.runtime.test_local_server import cli, local_env
from tests.scan_integrity_support import snapshot
from tests.support import write_python_repo

pytestmark = pytest.mark.integration

INSTANCE = "test-memory"
# Over what the deletion of a failed scan's staging takes at a time, under what the load's concurrent writes of
# the wide package take (Neo4j refuses less than 10m).
TRANSACTION_MEMORY = "16m"
REPO_ID = "memory"


def write_wide_package(root: Path, modules: int = 60, functions: int = 1000, name_length: int = 400) -> None:
    """Modules of many functions with long names, each calling its namesake in the next module: cheap to parse,
    heavy to write."""
    package = root / "wide"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    padding = "x" * name_length
    for m in range(modules):
        following = (m + 1) % modules
        lines = [f"from wide import mod{following}", ""]
        for f in range(functions):
            lines += [f"def f{f}_{padding}(x):", f"    return mod{following}.f{f}_{padding}(x)", ""]
        (package / f"mod{m}.py").write_text("\n".join(lines))


@pytest.fixture(scope="module")
def server() -> Iterator[dict[str, str]]:
    """The environment of this module's own local server (started with the small transaction memory, then
    stopped and deleted: it holds nothing worth keeping)."""
    env = local_env(CODEROOMS_INSTANCE=INSTANCE, CODEROOMS_NEO4J_TRANSACTION_MEMORY=TRANSACTION_MEMORY)
    instance = LocalInstance(DbSettings(instance=INSTANCE))
    cli("db", "stop", env=env)  # a server left running would keep the memory it was started with
    try:
        started = cli("db", "start", "--no-warm-up", env=env)
        assert started.returncode == 0, started.stderr
        yield env
    finally:
        cli("db", "stop", env=env)
        shutil.rmtree(instance.dir, ignore_errors=True)


@pytest.fixture(scope="module")
def db(server: dict[str, str]) -> Iterator[Database]:
    settings = DbSettings().model_copy(update={"instance": INSTANCE, "neo4j_uri": None})
    database = Database.connect(settings)
    yield database
    database.close()


@pytest.fixture(scope="module")
def scanned(server: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small tree scanned at store version 1, then grown by a wide package: what the next scan reads."""
    tree = tmp_path_factory.mktemp("tree")
    write_python_repo(tree)
    first = cli("scan", str(tree), "--repo-id", REPO_ID, "--naming", "heuristic", "--json", env=server)
    assert first.returncode == 0, first.stderr
    write_wide_package(tree)
    return tree


def test_the_cli_says_what_ran_out_and_what_to_do(server: dict[str, str], db: Database, scanned: Path) -> None:
    before = snapshot(db, REPO_ID)
    refused = cli("scan", str(scanned), "--repo-id", REPO_ID, "--naming", "heuristic", "--json", env=server)
    assert refused.returncode == 1, refused.stderr
    assert refused.stdout == ""
    lines = refused.stderr.splitlines()
    assert len(lines) == 1, refused.stderr
    line = lines[0]
    assert line.startswith("coderooms: database_out_of_memory: Neo4j ran out of memory"), line
    assert "dbms.memory.transaction.total.max" in line, "Neo4j's word for which limit was reached"
    assert "CODEROOMS_NEO4J_HEAP=6g" in line and "`coderooms db stop` and `coderooms db start`" in line, line
    assert snapshot(db, REPO_ID) == before, "the store and the live code graph as they were, nothing staged left"


def test_the_refusal_is_not_retried_and_changes_nothing(
    db: Database, scanned: Path, caplog: pytest.LogCaptureFixture
) -> None:
    before = snapshot(db, REPO_ID)
    with caplog.at_level(logging.WARNING, logger=RETRIES_LOGGER), pytest.raises(DatabaseOutOfMemory) as refused:
        scans.scan(db, scanned, REPO_ID, 1, naming="heuristic", actor=OWNER)
    assert refused.value.code is ErrorCode.DATABASE_OUT_OF_MEMORY
    retried = [r.getMessage() for r in caplog.records if r.name == RETRIES_LOGGER and "retried" in r.getMessage()]
    assert not [message for message in retried if "OutOfMemory" in message], retried
    assert snapshot(db, REPO_ID) == before
