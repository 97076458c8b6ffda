"""`coderooms serve` on a non-loopback address needs an OWNER token in the database (issue 8).

The real CLI against the session's database. The session always holds owner tokens, so the "no owner
token yet" state is set up by parking them (revoked and marked, by `tests/cypher/owner_tokens_park`) and
restored exactly afterwards; no token is deleted.
"""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from graphdb.connection import Target
from graphdb.database import Database
from graphdb.runtime.instance import free_port
from graphdb.tokens import list_tokens
from rooms.contract import Seat
from tests.api.conftest import env_for
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration

CLI = [sys.executable, "-m", "api.cli.main", "serve"]


def _live_owner_tokens(db: Database) -> list[str]:
    return [t["token_id"] for t in list_tokens(db) if t["seat"] == Seat.OWNER.value and not t["revoked"]]


@contextmanager
def no_owner_token(db: Database) -> Iterator[None]:
    """The database as it is before anyone created an owner token; every parked token comes back after."""
    mark = uuid.uuid4().hex
    live = _live_owner_tokens(db)
    db.driver.execute_query(
        fixture_cypher("owner_tokens_park"), seat=Seat.OWNER.value, mark=mark, database_=db.database
    )
    try:
        assert _live_owner_tokens(db) == []
        yield
    finally:
        db.driver.execute_query(fixture_cypher("owner_tokens_restore"), mark=mark, database_=db.database)
        assert set(live) <= set(_live_owner_tokens(db))


@contextmanager
def serving(target: Target, host: str) -> Iterator[int]:
    """`coderooms serve --host HOST` on a free port; yields the port once /healthz answers on loopback."""
    port = free_port()
    process = subprocess.Popen(
        [*CLI, "--host", host, "--port", str(port), "--no-owner-link"],
        env=env_for(target),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.communicate()[0].decode(errors="replace")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "coderooms serve did not answer /healthz within 60 s"
            time.sleep(0.2)
        yield port
    finally:
        process.terminate()
        try:
            process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()


def test_a_remote_bind_without_an_owner_token_refuses_to_start(db: Database, neo4j_target: Target) -> None:
    port = free_port()
    with no_owner_token(db):
        # With the owner link on (the default): the refusal comes before any token is minted.
        run = subprocess.run(
            [*CLI, "--host", "0.0.0.0", "--port", str(port)],
            env=env_for(neo4j_target),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert _live_owner_tokens(db) == []
    assert run.returncode == 3, (run.returncode, run.stdout, run.stderr)
    assert "refusing to listen on '0.0.0.0'" in run.stderr
    assert "no OWNER token" in run.stderr and "coderooms token create --seat owner" in run.stderr
    assert "Code Rooms API on" not in run.stdout and "Open as owner" not in run.stdout
    with pytest.raises(httpx.TransportError):
        httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)


def test_a_remote_bind_starts_once_an_owner_token_exists(db: Database, neo4j_target: Target, owner_token: str) -> None:
    assert _live_owner_tokens(db)
    with serving(neo4j_target, "0.0.0.0") as port:
        response = httpx.post(
            f"http://127.0.0.1:{port}/graphql",
            json={"query": "{ repos { repoId } }"},
            headers={"authorization": f"Bearer {owner_token}"},
            timeout=30,
        )
        assert response.status_code == 200 and "errors" not in response.json()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_a_loopback_bind_starts_without_an_owner_token(db: Database, neo4j_target: Target, host: str) -> None:
    with no_owner_token(db), serving(neo4j_target, host) as port:
        assert httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=30).json() == {"ready": True}
