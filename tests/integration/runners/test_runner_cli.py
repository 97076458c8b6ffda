"""`coderooms runner add|list|pin|remove` against the test database, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from graphdb.connection import Target
from tests.api.conftest import env_for

pytestmark = pytest.mark.integration


def cli(target: Target, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli.main", "runner", *args],
        env=env_for(target),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_runner_commands(neo4j_target: Target, repo_id: str) -> None:
    rid = f"{repo_id}-cli"
    added = cli(
        neo4j_target,
        "add",
        rid,
        "--transport",
        "command",
        "--command",
        "python3 namer.py --delay-ms 5",
        "--timeout-ms",
        "3000",
        "--repo-id",
        repo_id,
        "--pin",
        "--json",
    )
    assert added.returncode == 0, added.stderr
    document = json.loads(added.stdout)
    assert {
        k: document[k] for k in ("runner_id", "transport", "command", "timeout_ms", "pinned", "repo_id", "created_by")
    } == {
        "runner_id": rid,
        "transport": "command",
        "command": ["python3", "namer.py", "--delay-ms", "5"],
        "timeout_ms": 3000,
        "pinned": True,
        "repo_id": repo_id,
        "created_by": "cli",
    }

    listed = cli(neo4j_target, "list", "--repo-id", repo_id, "--json")
    assert [r["runner_id"] for r in json.loads(listed.stdout) if r["repo_id"] == repo_id] == [rid]
    plain = cli(neo4j_target, "list", "--repo-id", repo_id)
    assert f"* {rid}" in plain.stdout and "python3 namer.py --delay-ms 5" in plain.stdout

    assert cli(neo4j_target, "pin", rid, "--unpin").stdout == f"unpinned runner {rid}\n"
    assert cli(neo4j_target, "remove", rid).stdout == f"removed runner {rid}\n"
    missing = cli(neo4j_target, "remove", rid)
    assert (missing.returncode, missing.stderr) == (1, f"coderooms: no runner {rid!r}\n")


def test_bad_runners_are_bad_input(neo4j_target: Target, repo_id: str) -> None:
    no_command = cli(neo4j_target, "add", f"{repo_id}-x", "--transport", "command", "--repo-id", repo_id)
    assert no_command.returncode == 2 and "a command runner needs a command" in no_command.stderr
    key = cli(
        neo4j_target,
        "add",
        f"{repo_id}-y",
        "--transport",
        "http",
        "--url",
        "http://127.0.0.1:9/x",
        "--api-key-env",
        "sk-live-abc",
        "--repo-id",
        repo_id,
    )
    assert key.returncode == 2 and "the NAME of an environment variable" in key.stderr
