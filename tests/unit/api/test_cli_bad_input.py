"""Bad input to the command line is one line on stderr and exit 2, never a traceback (issue 34, point 7).
Both refusals come before any database is asked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
