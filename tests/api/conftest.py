"""A real `coderooms serve` process for API tests, talking to the session's test database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from graphdb.connection import Target
from graphdb.database import Database
from graphdb.runtime.instance import free_port
from graphdb.tokens import create_token
from rooms.contract import Seat


@dataclass
class ServedApi:
    base_url: str
    process: subprocess.Popen[bytes]
    token: str = ""

    @property
    def graphql_url(self) -> str:
        return f"{self.base_url}/graphql"

    def post(
        self,
        document: str,
        variables: dict[str, Any] | None = None,
        token: str | None = None,
        client: httpx.Client | None = None,
    ) -> httpx.Response:
        """``client``: one that keeps its connection (else each post opens a client and a connection of its own)."""
        token = self.token if token is None else token
        headers = {"authorization": f"Bearer {token}"} if token else {}
        send = client.post if client is not None else httpx.post
        return send(
            self.graphql_url, json={"query": document, "variables": variables or {}}, headers=headers, timeout=60
        )

    def graphql(
        self, document: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> dict[str, Any]:
        response = self.post(document, variables, token)
        response.raise_for_status()
        return response.json()


def serve(env: dict[str, str], token: str = "") -> ServedApi:
    """Start `coderooms serve` on a free port with ``env``; return once /healthz answers."""
    port = free_port()
    # The server's log goes to a file: a pipe nobody reads would fill up and block the server.
    log = tempfile.NamedTemporaryFile(prefix="coderooms-serve-", suffix=".log", delete=False)
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli.main", "serve", "--port", str(port), "--no-owner-link"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    log.close()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"coderooms serve exited: {Path(log.name).read_text(errors='replace')}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return ServedApi(base, process, token)
        except httpx.TransportError:
            time.sleep(0.2)
    stop(ServedApi(base, process))
    raise RuntimeError("coderooms serve did not answer /healthz within 60 s")


def stop(api: ServedApi) -> None:
    api.process.terminate()
    try:
        api.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        api.process.kill()
        api.process.wait()


def env_for(target: Target) -> dict[str, str]:
    return dict(
        os.environ,
        NEO4J_URI=target.uri,
        NEO4J_USER=target.user,
        NEO4J_PASSWORD=target.password,
        NEO4J_DATABASE=target.database,
    )


@pytest.fixture(scope="session")
def owner_token(db: Database) -> str:
    return create_token(db, Seat.OWNER, "test-owner", "tests")[1]


@pytest.fixture(scope="session")
def scan_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The only directory the session's API may scan."""
    return tmp_path_factory.mktemp("scan-root")


@pytest.fixture(scope="session")
def api(neo4j_target: Target, owner_token: str, scan_root: Path) -> Iterator[ServedApi]:
    served = serve({**env_for(neo4j_target), "CODEROOMS_SCAN_ROOTS": json.dumps([str(scan_root)])}, owner_token)
    yield served
    stop(served)


@pytest.fixture
def hand_token(db: Database) -> str:
    """An AGENT token (agent id ``hand-1``): a curation hand, a naming client."""
    return create_token(db, Seat.AGENT, "hand-1")[1]


@pytest.fixture
def second_hand_token(db: Database) -> str:
    return create_token(db, Seat.AGENT, "hand-2")[1]


@pytest.fixture
def reader_token(db: Database) -> str:
    return create_token(db, Seat.READER, "reader-1")[1]
