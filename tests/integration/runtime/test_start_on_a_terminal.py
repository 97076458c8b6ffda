"""`coderooms db start` as a person and an agent run it, from a stopped server: on a terminal a bar on stderr
walks the start's phases (provisioning the first time, starting, warming up k/N scans) below the log's lines and
is gone before the last line; with --json, even on a terminal, stdout is exactly one JSON document and stderr
shows nothing; with stdout not a terminal, stderr shows the log's lines as ever and no bar."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from graphdb.runtime.instance import STARTING
from graphdb.runtime.provision import PROVISIONING
from graphdb.settings import DbSettings
from services.warm_up import SCANS, WARMING_UP
from tests.integration.runtime.test_local_server import cli, local_env
from tests.terminal import CLEAR, frames, run_on_terminals, screen

pytestmark = pytest.mark.integration

SHARED = frozenset({"default", "test"})  # the user's server and the test session's: never stopped here
PHASE = re.compile(r"(.+?)(?:…| *\[)")  # "starting… 3s", "warming up [###…"
LEFT_BAR = re.compile(r"… \d+s|\] +\d+/\d+ scans")
READY = re.compile(r"Neo4j 5\.26\.\S+ with GDS 2\.13\.\S+ running at bolt://127\.0\.0\.1:\d+\n")


@pytest.fixture
def stopped() -> Iterator[dict[str, str]]:
    """The environment of a stopped local instance of this test's: the one CODEROOMS_INSTANCE names when that is
    a run's own (neither the user's nor the test session's), else one of this test's; stopped afterwards."""
    name = DbSettings().instance
    env = local_env(CODEROOMS_INSTANCE=name if name not in SHARED else "test-terminal")
    assert cli("db", "stop", env=env).returncode == 0  # so that the start starts the server and warms it up
    try:
        yield env
    finally:
        cli("db", "stop", env=env)


def bar_phases(shown: str) -> list[str]:
    """The phases the bar walked through, each once, in order (the log's lines left out)."""
    phases = [match[1] for frame in frames(shown) if "\n" not in frame and (match := PHASE.match(frame))]
    return [phase for i, phase in enumerate(phases) if i == 0 or phases[i - 1] != phase]


def in_order(lines: list[str], wanted: list[str]) -> bool:
    """Whether a line begins with each of ``wanted``, in that order (other lines may stand between)."""
    rest = iter(lines)
    return all(any(line.startswith(prefix) for line in rest) for prefix in wanted)


def test_a_terminal_sees_the_phases_advance_then_the_server(stopped: dict[str, str]) -> None:
    code, out, err = run_on_terminals(stopped, "db", "start")
    assert code == 0, err
    phases = bar_phases(err)
    assert phases[-2:] == [STARTING, WARMING_UP] and phases[:-2] in ([], [PROVISIONING]), err
    counts = [int(n) for n in re.findall(rf"\] +(\d+)/{SCANS} scans", err)]
    assert counts[0] == 0 and counts[-1] == SCANS and counts == sorted(counts), err
    waited = [int(n) for n in re.findall(rf"{STARTING}… (\d+)s", err)]
    assert waited == sorted(waited), "the wait counts its seconds up"
    seen = screen(err)
    assert seen[-1] == "", "the bar clears its line before the command's last line"
    assert not any(LEFT_BAR.search(line) for line in seen), "each log line stands on a line of its own"
    assert in_order(seen, ["starting Neo4j", "ready: Neo4j", "warming up the server", f"warmed up: {SCANS} scans"])
    assert READY.fullmatch(out), out


def test_json_on_a_terminal_is_the_document_alone(stopped: dict[str, str]) -> None:
    code, out, err = run_on_terminals(stopped, "db", "start", "--json")
    assert code == 0, err
    assert err == "", "no bar and no log line"
    document = json.loads(out)  # exactly one document: anything else on stdout fails to parse
    assert set(document) == {"running", "uri", "user", "password_file", "neo4j_version", "gds_version"}
    assert document["running"] is True


def test_stdout_not_a_terminal_keeps_the_log_lines_and_draws_no_bar(stopped: dict[str, str]) -> None:
    code, out, err = run_on_terminals(stopped, "db", "start", "--no-warm-up", stdout_on_terminal=False)
    assert code == 0, err
    assert CLEAR not in err and "\r" not in err, "no bar"
    assert in_order(err.splitlines(), ["starting Neo4j", "ready: Neo4j"]) and "warming up" not in err
    assert READY.fullmatch(out), out
