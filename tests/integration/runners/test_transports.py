"""The three transports against LIVE runners: a real process (`tests/runners/namer.py`) and a real local
HTTP server (`tests/runners/http_namer.py`). Misbehaving runners fall back per block, honestly."""

from __future__ import annotations

import os
import time
from pathlib import Path

from rooms.naming import CleanLabel, FailureReason, GraphFacts, NamingFailure, runner_spec
from services.naming_batch import BlockFallback, BlockNamed, name_blocks
from services.runner_transports import SYSTEM_PROMPT
from tests.runners.http_namer import NamingServer
from tests.runners.support import named_block, namer_command

FACTS = GraphFacts(
    languages={"auth/login.py": "python", "auth/token.py": "python"},
    symbols=[("auth/login.py", "LoginForm", "class", 2.0), ("auth/token.py", "issue", "function", 4.0)],
)
AUTH = named_block("sb_auth", "Auth", "auth/**")


def _outcome(outcomes: list, block_id: str):
    return next(o for o in outcomes if o.block_id == block_id)


def test_a_command_runner_names_blocks_from_their_packets() -> None:
    spec = runner_spec(runner_id="local", transport="command", command=namer_command())
    outcomes = name_blocks(spec, [AUTH, named_block("sb_docs", "Docs", "docs/a.md", "docs/b.md")], FACTS)
    assert outcomes == [
        BlockNamed("sb_auth", CleanLabel("Auth service", "2 files; top symbols: LoginForm, issue")),
        BlockNamed("sb_docs", CleanLabel("Docs service", "2 files; top symbols: none")),
    ]


def test_a_misbehaving_command_runner_falls_back_per_block_and_is_killed_at_the_timeout(tmp_path: Path) -> None:
    log = tmp_path / "calls.log"
    spec = runner_spec(
        runner_id="local", transport="command", command=namer_command("--log", str(log)), timeout_ms=1500
    )
    blocks = [
        named_block("sb_one", "One", "one/a.py"),
        named_block("sb_timeout", "Slow", "slow/a.py"),
        named_block("sb_crash", "Crash", "crash/a.py"),
        named_block("sb_garbage", "Junk", "junk/a.py"),
        named_block("sb_hostile", "Evil", "evil/a.py"),
        named_block("sb_huge", "Big", "big/a.py"),
        named_block("sb_two", "Two", "two/a.py"),
    ]
    started = time.monotonic()
    outcomes = name_blocks(spec, blocks, GraphFacts())
    elapsed = time.monotonic() - started
    assert outcomes == [
        BlockNamed("sb_one", CleanLabel("One service", "1 files; top symbols: none")),
        BlockFallback("sb_timeout", NamingFailure(FailureReason.TIMEOUT, "no answer within the per-block timeout")),
        BlockFallback("sb_crash", NamingFailure(FailureReason.RUNNER_FAILED, "the command exited with status 3")),
        BlockFallback("sb_garbage", NamingFailure(FailureReason.NOT_JSON, "the answer is not one JSON document")),
        BlockFallback("sb_hostile", NamingFailure(FailureReason.UNSAFE_LABEL, "name: markup")),
        BlockFallback("sb_huge", NamingFailure(FailureReason.TOO_LARGE, "more than 16384 bytes")),
        BlockNamed("sb_two", CleanLabel("Two service", "1 files; top symbols: none")),
    ]
    assert elapsed < 10, "the sleeping runner was not waited for (it sleeps 60 s)"
    pids = dict(line.split() for line in log.read_text().splitlines())
    assert set(pids) == {b.block_id for b in blocks}
    try:
        os.kill(int(pids["sb_timeout"]), 0)
    except ProcessLookupError:
        pass
    else:
        raise AssertionError("the runner that timed out is still alive")


def test_a_command_that_cannot_start_is_a_failure_not_an_error() -> None:
    spec = runner_spec(runner_id="gone", transport="command", command=["/nonexistent/namer"])
    assert name_blocks(spec, [AUTH], FACTS) == [
        BlockFallback(
            "sb_auth", NamingFailure(FailureReason.RUNNER_FAILED, "the command cannot start (FileNotFoundError)")
        )
    ]


def test_no_runner_leaves_every_block_heuristic() -> None:
    assert name_blocks(None, [AUTH], FACTS) == [
        BlockFallback("sb_auth", NamingFailure(FailureReason.RUNNER_UNAVAILABLE, "no naming runner is pinned"))
    ]


def test_the_http_transport_posts_the_packet() -> None:
    with NamingServer() as server:
        spec = runner_spec(runner_id="svc", transport="http", url=f"{server.base_url}/name", timeout_ms=1500)
        outcomes = name_blocks(
            spec,
            [AUTH, named_block("sb_crash", "Crash", "crash/a.py"), named_block("sb_timeout", "Slow", "slow/a.py")],
            FACTS,
        )
    assert outcomes == [
        BlockNamed("sb_auth", CleanLabel("Auth service", "2 files; top symbols: LoginForm, issue")),
        BlockFallback("sb_crash", NamingFailure(FailureReason.RUNNER_FAILED, "HTTP status 500")),
        BlockFallback("sb_timeout", NamingFailure(FailureReason.TIMEOUT, "no answer within the per-block timeout")),
    ]
    auth = next(r for r in server.requests if r["body"]["block_id"] == "sb_auth")
    assert auth["body"]["members"] == ["auth/login.py", "auth/token.py"]
    assert auth["headers"]["content-type"] == "application/json" and "authorization" not in auth["headers"]


def test_a_refused_connection_is_a_failure() -> None:
    with NamingServer() as server:
        url = f"{server.base_url}/name"
    spec = runner_spec(runner_id="svc", transport="http", url=url)
    assert name_blocks(spec, [AUTH], FACTS) == [
        BlockFallback("sb_auth", NamingFailure(FailureReason.RUNNER_FAILED, "the request failed (ConnectError)"))
    ]


def test_the_chat_completions_adapter_sends_the_key_from_the_environment() -> None:
    with NamingServer(api_key="k-test-123") as server:
        spec = runner_spec(
            runner_id="llm",
            transport="openai",
            url=f"{server.base_url}/v1",
            model="tiny-model",
            api_key_env="TEST_NAMER_KEY",
        )
        outcomes = name_blocks(
            spec,
            [AUTH, named_block("sb_garbage", "Junk", "junk/a.py")],
            FACTS,
            environ={"TEST_NAMER_KEY": "k-test-123"},
        )
        wrong = name_blocks(spec, [AUTH], FACTS, environ={"TEST_NAMER_KEY": "k-wrong"})
    assert outcomes == [
        BlockNamed("sb_auth", CleanLabel("Auth service", "2 files; top symbols: LoginForm, issue")),
        BlockFallback("sb_garbage", NamingFailure(FailureReason.NOT_JSON, "the answer is not one JSON document")),
    ]
    assert wrong == [BlockFallback("sb_auth", NamingFailure(FailureReason.RUNNER_FAILED, "HTTP status 401"))]
    request = server.requests[0]
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["authorization"] == "Bearer k-test-123"
    body = request["body"]
    assert (body["model"], body["temperature"], body["messages"][0]) == (
        "tiny-model",
        0,
        {"role": "system", "content": SYSTEM_PROMPT},
    )


def test_a_missing_key_variable_asks_nobody() -> None:
    with NamingServer(api_key="k") as server:
        spec = runner_spec(
            runner_id="llm",
            transport="openai",
            url=f"{server.base_url}/v1",
            model="m",
            api_key_env="TEST_NAMER_KEY_UNSET",
        )
        outcomes = name_blocks(spec, [AUTH], FACTS, environ={})
    assert outcomes == [
        BlockFallback(
            "sb_auth",
            NamingFailure(FailureReason.RUNNER_UNAVAILABLE, "the environment variable TEST_NAMER_KEY_UNSET is not set"),
        )
    ]
    assert server.requests == []


def test_concurrency_is_bounded() -> None:
    blocks = [named_block(f"sb_b{i}", f"Block {i}", f"b{i}/a.py") for i in range(8)]
    with NamingServer(delay_ms=300) as server:
        spec = runner_spec(runner_id="svc", transport="http", url=f"{server.base_url}/name", concurrency=2)
        outcomes = name_blocks(spec, blocks, GraphFacts())
    assert all(isinstance(o, BlockNamed) for o in outcomes) and len(server.requests) == 8
    assert server.max_in_flight == 2
