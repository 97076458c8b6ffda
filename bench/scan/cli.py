"""The ``coderooms`` command line as a user runs it, in a process of its own: its wall clock, peak RSS and CPU time."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CliRun:
    seconds: float  # wall clock around the whole process, interpreter start to exit
    # The larger of the process's own peak and its reaped children's (the parse workers): Linux's wait4 reports
    # both in one ru_maxrss.
    peak_rss_mb: float
    cpu_seconds: float  # user + system, of the process and its reaped children (the parse workers), as wait4 sums them
    stderr: str  # a scan with --json should print nothing there


class Failed(RuntimeError):
    """The command exited with an error: its run (seconds, peak RSS, stderr) is kept for the table."""

    def __init__(self, message: str, run: CliRun) -> None:
        super().__init__(message)
        self.run = run


def command() -> list[str]:
    """The console script pyproject.toml installs (``coderooms = "api.cli.main:main"``) beside this interpreter;
    without one, the same entry point through ``-m``."""
    script = Path(sys.executable).with_name("coderooms")
    return [str(script)] if script.exists() else [sys.executable, "-m", "api.cli.main"]


def coderooms(*args: str) -> CliRun:
    """Run ``coderooms ARGS`` under this process's environment (so the same database instance); raise with the
    end of its stderr when it fails. What it prints on stdout is written and dropped."""
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen([*command(), *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode(errors="replace").strip()
    run = CliRun(seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, stderr)
    if process.returncode != 0:
        raise Failed(f"coderooms {' '.join(args)} exited {process.returncode}: {stderr[-2000:]}", run)
    return run


def scan(tree: Path, repo_id: str) -> CliRun:
    return coderooms("scan", str(tree), "--repo-id", repo_id, "--naming", "heuristic", "--json")


def stderr_notes(name: str, runs: list[CliRun]) -> list[str]:
    """One note for each scan of ``name`` that printed on stderr (its first line)."""
    return [f"{name}: a scan printed on stderr: {run.stderr.splitlines()[0][:200]}" for run in runs if run.stderr]
