"""The local Neo4j + GDS server through the real CLI: start, status, idempotence, stop, bad input."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from graphdb.runtime.instance import (
    JIT_OPTIONS,
    LAUNCHER_OPTIONS,
    PLANS_BY_TYPE_ONLY,
    LocalInstance,
    free_port,
    heap_options,
)
from graphdb.runtime.provision import dist_dir
from graphdb.settings import DbSettings

pytestmark = pytest.mark.integration


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli.main", *args], capture_output=True, text=True, env=env, timeout=600
    )


def local_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(extra)
    return env


def our_java_processes(conf_dir: Path) -> list[int]:
    pids = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                cmdline = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            if f"--config-dir={conf_dir}".encode() in cmdline:
                pids.append(int(proc.name))
    return pids


def test_start_status_restart_stop(neo4j_target: object) -> None:  # jars provisioned
    env = local_env(CODEROOMS_INSTANCE="test-cli")
    home = DbSettings().home
    instance_dir = home / "instances" / "test-cli"
    (instance_dir / "run").mkdir(parents=True, exist_ok=True)
    (instance_dir / "run" / "coderooms-neo4j.pid").write_text("999999\n")  # stale: no such process
    debug_log = instance_dir / "logs" / "debug.log"
    logged_before = debug_log.stat().st_size if debug_log.exists() else 0
    try:
        first = cli("db", "start", env=env)
        assert first.returncode == 0, first.stderr
        assert "stale pid file" in first.stderr
        assert "warmed up: " in first.stderr, "a server this start started is warmed up before it returns"
        with debug_log.open("rb") as log:  # what this start logged: its transaction logs opened natively
            log.seek(logged_before if debug_log.stat().st_size >= logged_before else 0)  # (0: the log rotated)
            native_failures = [
                line
                for line in log.read().decode(errors="replace").splitlines()
                if "NativeAccessor" in line and " WARN " in line
            ]
        assert native_failures == []

        status = cli("db", "status", "--json", env=env)
        assert status.returncode == 0, status.stderr
        doc = json.loads(status.stdout)
        assert set(doc) == {"running", "uri", "user", "password_file", "neo4j_version", "gds_version"}
        assert doc["running"] is True and doc["uri"].startswith("bolt://127.0.0.1:")
        assert doc["neo4j_version"].startswith("5.26.") and doc["gds_version"].startswith("2.13.")
        assert Path(doc["password_file"]).stat().st_mode & 0o777 == 0o600

        again = cli("db", "start", env=env)
        assert again.returncode == 0 and "already running" in again.stderr
        assert "warming up" not in again.stderr, "a running server is warm already"
        assert cli("db", "uri", env=env).stdout.strip() == doc["uri"]
        servers = our_java_processes(instance_dir / "conf")
        assert len(servers) == 1
        server_flags = (Path("/proc") / str(servers[0]) / "cmdline").read_bytes()
        heap = DbSettings().neo4j_heap  # the environment's, as the CLI read it
        assert server_flags.split(b"\0")[1:4] == [flag.encode() for flag in heap_options(heap)]
        assert {flag.encode() for flag in JIT_OPTIONS + LAUNCHER_OPTIONS} <= set(server_flags.split(b"\0"))
        # The server started, so its strict validation took this internal setting (which it does not list).
        assert PLANS_BY_TYPE_ONLY in (instance_dir / "conf" / "neo4j.conf").read_text().splitlines()
        assert "resolving" not in first.stderr + again.stderr, "jars come from the cache, no download"
    finally:
        stopped = cli("db", "stop", env=env)
    assert stopped.returncode == 0 and stopped.stdout.strip() == "stopped"
    assert our_java_processes(instance_dir / "conf") == []
    after = cli("db", "status", "--json", env=env)
    assert after.returncode == 1 and json.loads(after.stdout)["running"] is False


def test_a_password_that_begins_with_a_dash_is_set(neo4j_target: object) -> None:  # jars provisioned
    # token_urlsafe draws from A-Z a-z 0-9 - _, so one instance in 64 gets such a password: neo4j-admin must
    # take it as the password, not as an option.
    env = local_env(CODEROOMS_INSTANCE="test-dash")
    instance = LocalInstance(DbSettings(instance="test-dash"))
    shutil.rmtree(instance.dir, ignore_errors=True)  # the password is set only before a first start
    instance.dir.mkdir(parents=True)
    instance.password_file.write_text("-looks-like-an-option_0\n")  # the start makes it owner-only
    try:
        started = cli("db", "start", env=env)
        assert started.returncode == 0, started.stderr
        status = cli("db", "status", "--json", env=env)
        assert json.loads(status.stdout)["running"] is True
    finally:
        stopped = cli("db", "stop", env=env)
        shutil.rmtree(instance.dir, ignore_errors=True)
    assert stopped.returncode == 0


def test_port_taken_is_refused(neo4j_target: object) -> None:  # jars provisioned
    port = free_port()
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        done = cli("db", "start", env=local_env(CODEROOMS_INSTANCE="test-port", CODEROOMS_NEO4J_PORT=str(port)))
    assert done.returncode == 2
    assert f"port {port}" in done.stderr and "taken" in done.stderr


def test_no_java_is_a_clear_error(tmp_path: Path) -> None:
    env = local_env(
        CODEROOMS_HOME=str(tmp_path), JAVA_HOME=str(tmp_path / "nojdk"), CODEROOMS_JVM_DIRS="[]", PATH=str(tmp_path)
    )
    done = cli("db", "start", env=env)
    assert done.returncode == 1
    assert "no Java 17 or 21 found" in done.stderr


def test_maven_offline_is_a_clear_error(tmp_path: Path) -> None:
    fake_home = tmp_path / "user"
    (fake_home / ".m2").mkdir(parents=True)
    (fake_home / ".m2" / "settings.xml").write_text(
        f"<settings><offline>true</offline><localRepository>{tmp_path / 'empty-repo'}</localRepository></settings>"
    )
    # Maven takes its settings from the JVM's user.home, not $HOME.
    env = local_env(MAVEN_OPTS=f"-Duser.home={fake_home}", CODEROOMS_HOME=str(tmp_path / "cache"))
    done = cli("db", "start", env=env)
    assert done.returncode == 1
    assert "Maven could not resolve the Neo4j/GDS jars" in done.stderr
    assert not dist_dir(tmp_path / "cache").exists(), "a failed download leaves no half distribution"
