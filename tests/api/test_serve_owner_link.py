"""Two `coderooms serve` on one database: each mints its own owner link and the second leaves the first's
working (issue 34: it used to revoke it); each revokes its own as it stops; a link left by a session that was
killed is revoked by the next one."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from api.cli.serve import SESSION_LABEL
from graphdb.connection import Target
from graphdb.database import Database
from graphdb.runtime.instance import free_port
from graphdb.tokens import list_tokens
from tests.api.conftest import env_for

pytestmark = pytest.mark.integration

SERVER_INFO = "{ serverInfo { version } }"
LINK = re.compile(r"Open as owner: (http://\S+)#token=(\S+)")


@dataclass
class Session:
    process: subprocess.Popen[bytes]
    base_url: str
    token: str


def _serve(target: Target) -> Session:
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="coderooms-serve-", suffix=".log", delete=False)
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli.main", "serve", "--port", str(port)],
        env=env_for(target),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    log.close()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        text = Path(log.name).read_text(errors="replace")
        found = LINK.search(text)
        if found:
            base = found.group(1).rstrip("/")
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    return Session(process, base, found.group(2))
            except httpx.TransportError:
                pass
        assert process.poll() is None, text
        time.sleep(0.2)
    process.kill()
    raise AssertionError("no owner link and /healthz within 60 s")


def _status(session: Session, token: str) -> int:
    response = httpx.post(
        f"{session.base_url}/graphql",
        json={"query": SERVER_INFO},
        headers={"authorization": f"Bearer {token}"},
        timeout=30,
    )
    return response.status_code


def _end(session: Session, how: signal.Signals = signal.SIGTERM) -> None:
    session.process.send_signal(how)
    session.process.wait(timeout=30)


def test_a_second_serve_leaves_the_first_ones_owner_link_working(neo4j_target: Target, db: Database) -> None:
    first = _serve(neo4j_target)
    try:
        second = _serve(neo4j_target)
        try:
            assert first.token != second.token
            for session in (first, second):
                for token in (first.token, second.token):
                    assert _status(session, token) == 200, "both links work on both servers"
        finally:
            _end(second)
        assert _status(first, second.token) == 401, "a stopped session's link is revoked"
        assert _status(first, first.token) == 200, "the running one's is not"
        third = _serve(neo4j_target)
        try:
            _end(first, signal.SIGKILL)  # no chance to revoke its own
            fourth = _serve(neo4j_target)
            try:
                assert _status(fourth, first.token) == 401, "a killed session's link is revoked by the next serve"
                assert _status(fourth, third.token) == 200
            finally:
                _end(fourth)
        finally:
            _end(third)
    finally:
        if first.process.poll() is None:
            _end(first)
    labels = {t["label"] for t in list_tokens(db) if not t["revoked"]}
    assert not any((label or "").startswith(SESSION_LABEL) for label in labels), labels
