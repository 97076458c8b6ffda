"""Building small trees and git repositories on disk for tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from ingest import ScanOptions, ScanResult, scan_tree


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def scan_files(root: Path, files: dict[str, str | bytes]) -> ScanResult:
    """Write ``files`` under ``root`` and scan them in one process (deterministic, no worker pool)."""
    write(root, files)
    return scan_tree(root, ScanOptions(workers=1))


def git(root: Path, *args: str) -> str:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_SYSTEM": os.devnull}
    completed = subprocess.run(
        [
            "git",
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.invalid",
            "-c",
            "init.defaultBranch=main",
            "-C",
            str(root),
            *args,
        ],
        check=True,
        capture_output=True,
        env=env,
    )
    return completed.stdout.decode()


def commit_all(root: Path, message: str) -> None:
    git(root, "add", "-A")
    git(root, "commit", "-q", "--allow-empty", "-m", message)
