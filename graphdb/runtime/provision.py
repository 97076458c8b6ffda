"""Resolve Neo4j and OpenGDS jars from Maven Central into a shared distribution directory.

The distribution is written once per version pair (``<home>/dist/<DIST_NAME>/{lib,plugins}``)
and marked complete with a stamp file; later starts find the stamp and download nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from graphdb.errors import MavenFailed
from graphdb.runtime.versions import DIST_NAME, GDS_VERSION, NEO4J_VERSION
from rooms.progress import Progress, no_progress

STAMP = ".complete"
PROVISIONING = "provisioning"  # the phase ``provision`` reports while Maven downloads


def dist_dir(home: Path) -> Path:
    return home / "dist" / DIST_NAME


def is_provisioned(home: Path) -> bool:
    return (dist_dir(home) / STAMP).is_file()


def provision(
    home: Path, java: Path, log: Callable[[str], None] = lambda _: None, progress: Progress = no_progress
) -> Path:
    """Make sure the jars are on disk; return the distribution directory."""
    target = dist_dir(home)
    if is_provisioned(home):
        return target
    mvn = shutil.which("mvn")
    if mvn is None:
        raise MavenFailed("Maven (mvn) is not on PATH: install it (Debian: apt-get install maven)")
    staging = target.with_name(target.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    pom = staging / "pom.xml"
    pom.write_text(resources.files("graphdb.runtime").joinpath("pom.xml").read_text(encoding="utf-8"))
    log(f"resolving Neo4j {NEO4J_VERSION} + GDS {GDS_VERSION} from Maven Central (first start only)…")
    env = dict(os.environ, JAVA_HOME=str(java.parent.parent))
    cmd = [
        mvn,
        "-B",
        "-q",
        "-f",
        str(pom),
        f"-Dneo4j.version={NEO4J_VERSION}",
        f"-Dgds.version={GDS_VERSION}",
        f"-Dcoderooms.home={staging}",
        "package",
    ]
    returncode, output = _run_maven(cmd, staging, env, progress)
    if returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        tail = "\n".join(output.strip().splitlines()[-15:])
        raise MavenFailed(
            f"Maven could not resolve the Neo4j/GDS jars (offline, or Maven Central unreachable?). Maven said:\n{tail}"
        )
    shutil.rmtree(staging / "target", ignore_errors=True)
    (staging / STAMP).write_text(f"neo4j={NEO4J_VERSION}\ngds={GDS_VERSION}\n")
    shutil.rmtree(target, ignore_errors=True)
    staging.rename(target)
    size_mib = sum(f.stat().st_size for f in target.rglob("*.jar")) // (1 << 20)
    log(f"jars ready in {target} ({size_mib} MiB)")
    return target


def _run_maven(cmd: list[str], cwd: Path, env: dict[str, str], progress: Progress) -> tuple[int, str]:
    """Run Maven to its end; its exit code and what it printed. ``progress`` hears every second that it still
    runs: quiet (``-q``), Maven prints nothing to count, and its download lines are no interface to parse."""
    maven = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        while True:
            progress(PROVISIONING, 0, 0)
            try:
                output, _ = maven.communicate(timeout=1.0)
            except subprocess.TimeoutExpired:  # retrying loses no output (the documented way to poll)
                continue
            return maven.returncode, output
    except BaseException:  # interrupted: no download left running behind us, as subprocess.run would
        maven.kill()
        maven.wait()
        raise
