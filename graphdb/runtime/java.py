"""Find a JDK that Neo4j 5.26 runs on (Java 17 or 21)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from graphdb.errors import JavaNotFound

SUPPORTED_MAJORS = (17, 21)


def java_major(java: Path) -> int | None:
    """The major version a ``java`` executable reports, or None if it does not run."""
    try:
        out = subprocess.run([str(java), "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if not match:
        return None
    major = int(match.group(1))
    return int(match.group(2)) if major == 1 and match.group(2) else major


def _candidates(java_home: Path | None, jvm_dirs: list[Path]) -> list[Path]:
    found: list[Path] = []
    if java_home is not None:
        found.append(java_home / "bin" / "java")
    on_path = shutil.which("java")
    if on_path:
        found.append(Path(on_path))
    for root in jvm_dirs:
        if root.is_dir():
            found.extend(sorted(root.glob("*/bin/java")) + sorted(root.glob("*/Contents/Home/bin/java")))
    return found


def find_java(java_home: Path | None, jvm_dirs: list[Path]) -> Path:
    """Return a java executable of a supported major version: JAVA_HOME, then PATH, then ``jvm_dirs``."""
    seen: list[str] = []
    for java in _candidates(java_home, jvm_dirs):
        if not java.is_file():
            continue
        major = java_major(java)
        seen.append(f"{java} ({major or 'unusable'})")
        if major in SUPPORTED_MAJORS:
            return java
    detail = "; found: " + ", ".join(seen) if seen else ""
    raise JavaNotFound(
        "no Java 17 or 21 found (Neo4j 5.26 runs on those): install a JDK 17 "
        "(Debian: apt-get install openjdk-17-jdk-headless) or set JAVA_HOME" + detail
    )
