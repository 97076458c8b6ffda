"""Runner definitions: each transport's needs, and credentials only ever by environment-variable NAME."""

from __future__ import annotations

import pytest

from rooms.naming import RunnerSpecError, Transport, runner_spec


def test_each_transport_with_what_it_needs() -> None:
    command = runner_spec(runner_id="local", transport="command", command=["python3", "namer.py"])
    assert command.command == ("python3", "namer.py") and command.timeout_s == 10.0 and command.concurrency == 8
    http = runner_spec(runner_id="svc", transport="http", url="http://127.0.0.1:9000/name", api_key_env="NAMER_KEY")
    assert http.transport is Transport.HTTP and http.api_key_env == "NAMER_KEY"
    chat = runner_spec(runner_id="llm", transport="openai", url="https://api.example.test/v1", model="m1")
    assert chat.model == "m1" and not chat.pinned and chat.repo_id is None


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"transport": "command"}, "a command runner needs a command"),
        ({"transport": "command", "command": ["x"], "url": "http://h"}, "a command runner needs a command"),
        ({"transport": "http", "url": "ftp://h/x"}, "the url must be http"),
        ({"transport": "http", "url": "http://user:pw@h/x"}, "without credentials in it"),
        ({"transport": "http", "command": ["x"], "url": "http://h"}, "takes a url, not a command"),
        ({"transport": "openai", "url": "http://h/v1"}, "an openai runner needs a model"),
        ({"transport": "http", "url": "http://h", "api_key_env": "sk-live-123"}, "the NAME of an environment variable"),
        ({"transport": "http", "url": "http://h", "api_key_env": "AKIAIOSFODNN7EXAMPLE"}, "looks like a secret itself"),
        ({"transport": "command", "command": ["x"], "timeout_ms": 10}, "timeout_ms"),
        ({"transport": "command", "command": ["x"], "concurrency": 0}, "concurrency"),
        ({"transport": "command", "command": ["x"], "secret": "k"}, "secret"),
    ],
)
def test_unworkable_runners_are_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RunnerSpecError, match=message) as refused:
        runner_spec(runner_id="r1", **fields)
    assert refused.value.code == "invalid_runner"


def test_runner_ids_are_plain_slugs() -> None:
    with pytest.raises(RunnerSpecError, match="runner_id"):
        runner_spec(runner_id="Runner One", transport="command", command=["x"])
