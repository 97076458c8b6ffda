"""Bad input to the command line is one line on stderr and exit 2, never a traceback (issue 34, point 7);
an unexpected error is one line and exit 1. Every refusal here comes before any database is asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from api.cli import serve
from api.cli.main import main

EXIT_BAD_INPUT = 2


def _coderooms(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli.main", *args], capture_output=True, text=True, timeout=60, check=False
    )


def test_a_seed_nested_too_deeply_is_bad_input(tmp_path: Path) -> None:
    seed = tmp_path / "deep.json"
    seed.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    done = _coderooms("import-seed", str(seed))
    assert done.returncode == EXIT_BAD_INPUT, done.stderr
    assert "Traceback" not in done.stderr
    assert "invalid_json" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_repository_id_the_api_would_refuse_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n", encoding="utf-8")
    for command in ("scan", "ingest"):
        for repo_id in ("y" * 101, "bad id", "-x"):
            done = _coderooms(command, str(tmp_path), "--repo-id", repo_id)
            assert done.returncode == EXIT_BAD_INPUT, (command, repo_id, done.stderr)
            assert "Traceback" not in done.stderr and "--repo-id" in done.stderr


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("coderooms: "), done.stderr
    return lines[0]


def _with_env(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "CODEROOMS_DEBUG"}
    return env | changes


def test_a_seed_that_is_not_utf8_is_bad_input(tmp_path: Path) -> None:
    seed = tmp_path / "seed.json"
    seed.write_bytes(b"\xff\xfe{}")
    done = _coderooms("import-seed", str(seed))
    assert done.returncode == EXIT_BAD_INPUT
    assert "not UTF-8" in _one_line(done)


def test_a_setting_or_database_uri_that_does_not_parse_is_bad_input() -> None:
    for args, env in (
        (("serve", "--no-owner-link"), {"CODEROOMS_PORT": "eighty"}),
        (("token", "list"), {"NEO4J_URI": "not a uri"}),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "api.cli.main", *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env=_with_env(**env),
        )
        assert done.returncode == EXIT_BAD_INPUT, (args, done.stderr)
        _one_line(done)


def _failing_schema(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    def fail(_: object) -> int:
        raise error

    monkeypatch.setattr(serve, "_schema", fail)  # registered by name when the parser is built


def test_an_unexpected_error_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("CODEROOMS_DEBUG", raising=False)
    _failing_schema(monkeypatch, RuntimeError("boom\nsecond line"))
    assert main(["schema"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unexpected error (RuntimeError" in err and "boom second line" in err
    monkeypatch.setenv("CODEROOMS_DEBUG", "1")
    with pytest.raises(RuntimeError):
        main(["schema"])


def test_an_interrupt_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _failing_schema(monkeypatch, KeyboardInterrupt())
    assert main(["schema"]) == 130
    assert capsys.readouterr().err == "coderooms: interrupted\n"
