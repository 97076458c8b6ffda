"""One local Neo4j server instance: configuration, password, process, connection record.

An instance lives in ``<home>/instances/<name>/`` (conf, data, logs, run, password, pid and
``connection.json``); the jars come from the shared distribution. ``connection.json`` is how
every later ``coderooms`` command, the API and the tests find the database with no environment.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from graphdb.errors import PortInUse, ServerStartFailed
from graphdb.runtime import provision as prov
from graphdb.runtime.java import find_java
from graphdb.runtime.probe import probe_versions
from graphdb.settings import DbSettings
from rooms.progress import Progress, no_progress

# Servers this Python process started, kept referenced so they are reaped on stop (not
# garbage-collected as "still running" while the server deliberately outlives a CLI call).
_SPAWNED: dict[int, subprocess.Popen[bytes]] = {}

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
ADMIN_TOOL = "org.neo4j.cli.AdminTool"
USER = "neo4j"
STARTING = "starting"  # the phase ``start`` reports from the server's configuration until Bolt and GDS answer


@dataclass(frozen=True)
class Connection:
    uri: str
    user: str
    password_file: str
    database: str = "neo4j"

    def password(self) -> str:
        return Path(self.password_file).read_text(encoding="utf-8").strip()


@dataclass(frozen=True)
class ServerStatus:
    running: bool
    uri: str | None
    user: str | None
    password_file: str | None
    neo4j_version: str | None
    gds_version: str | None
    pid: int | None = None
    note: str | None = None

    def public(self) -> dict[str, object]:
        """The ``db status --json`` document."""
        data = asdict(self)
        return {k: data[k] for k in ("running", "uri", "user", "password_file", "neo4j_version", "gds_version")}


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def heap_options(heap: str) -> list[str]:
    """The JVM's heap flags for ``heap`` ("2g", "1536m"): a fixed size, half of it the young generation.

    A load's transactions allocate a great deal that dies young. Left to size itself, the parallel
    collector keeps the young generation small, so a load runs many young collections and promotes
    transaction state to the old generation, which then needs full collections. A young generation of half
    the heap lets that state die where it was made. (Measurements: ``bench/ingest/README.md``.)"""
    mebibytes = int(heap[:-1]) * (1024 if heap[-1] == "g" else 1)
    return [f"-Xms{heap}", f"-Xmx{heap}", f"-Xmn{mebibytes // 2}m"]


# C2 inlines less deeply than its defaults (15 levels; 2,500 bytes of machine code, 325 of bytecode for a hot
# callee). A freshly started server JIT-compiles its write path during its first loads, on the CPUs the ingest
# parses on, so the first ingest after a start is much slower than a warm one. Shallower inlining makes each
# compilation cheaper and that first ingest shorter; on warm loads its cost stays within the machine's drift.
# Shallower still shortens the first ingest a little more but makes every warm load cost the server more.
# (Measurements: ``bench/ingest/README.md``.)
JIT_OPTIONS = ("-XX:MaxInlineLevel=6", "-XX:InlineSmallCode=500", "-XX:FreqInlineSize=150")

# What Neo4j's own launcher passes (``server.jvm.additional`` in its neo4j.conf), which this start, a plain
# ``java`` command, would otherwise leave out. Without the module openings the server's native file access
# fails: its transaction logs are not preallocated nor advised to the page cache, and each attempt logs a
# warning, so debug.log fills with them. The openings cost loads nothing measurable.
LAUNCHER_OPTIONS = (
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
)


# Cypher caches a plan per statement text and parameter types and, by default, per size of each string and list
# parameter too (in buckets of powers of ten). Then a repository id shorter or longer than the warm-up's, or a tree
# larger than the warm-up's, makes a user's first scan plan nearly every statement again: the warm-up cannot scan
# every size a repository has. Our statements look nodes up by key, so their plans do not depend on these sizes;
# keyed by type alone, the warm-up's plans serve every repository. An internal setting of the Neo4j version
# `graphdb.runtime.versions` pins; strict config validation refuses to start a version that has dropped it.
PLANS_BY_TYPE_ONLY = "internal.cypher.use_parameter_size=false"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalInstance:
    """``log`` hears what happens, a line each; ``progress`` hears the phases of a start (``PROVISIONING``, then
    ``STARTING``) as often as the start waits, so that a progress bar can show a long wait is alive."""

    def __init__(
        self,
        settings: DbSettings,
        log: Callable[[str], None] = lambda _: None,
        progress: Progress = no_progress,
    ) -> None:
        self.settings = settings
        self.log = log
        self.progress = progress
        self.dir = settings.home / "instances" / settings.instance
        self.conf_dir = self.dir / "conf"
        self.pid_file = self.dir / "run" / "coderooms-neo4j.pid"
        self.password_file = self.dir / "password"
        self.connection_file = self.dir / "connection.json"
        self.console_log = self.dir / "logs" / "console.log"

    # -- recorded state -------------------------------------------------------------------
    def connection(self) -> Connection | None:
        try:
            return Connection(**json.loads(self.connection_file.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            return None

    def _pid(self) -> int | None:
        try:
            return int(self.pid_file.read_text().strip())
        except (OSError, ValueError):
            return None

    def _is_our_process(self, pid: int) -> bool:
        """True when ``pid`` is alive and is this instance's Neo4j (guards against pid reuse)."""
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            try:
                os.kill(pid, 0)
            except OSError:
                return False
            return True  # no /proc (macOS): trust the pid file
        return ENTRY_POINT.encode() in cmdline and f"--config-dir={self.conf_dir}".encode() in cmdline

    def running_pid(self) -> int | None:
        pid = self._pid()
        return pid if pid is not None and self._is_our_process(pid) else None

    # -- status ---------------------------------------------------------------------------
    def status(self) -> ServerStatus:
        conn = self.connection()
        pid = self.running_pid()
        note = None
        if pid is None and self.pid_file.exists():
            note = f"stale pid file {self.pid_file} (no such server process)"
        versions = probe_versions(conn.uri, conn.user, conn.password(), timeout_s=3.0) if conn and pid else None
        return ServerStatus(
            running=versions is not None,
            uri=conn.uri if conn else None,
            user=conn.user if conn else None,
            password_file=conn.password_file if conn else None,
            neo4j_version=versions[0] if versions else None,
            gds_version=versions[1] if versions else None,
            pid=pid,
            note=note,
        )

    # -- start ----------------------------------------------------------------------------
    def start(self) -> ServerStatus:
        """Start the server unless it already runs; return once Bolt and GDS answer."""
        pid = self.running_pid()
        if pid is not None:
            current = self.status()
            if current.running:
                self.log(f"already running (pid {pid}) at {current.uri}")
                return current
            self.log(f"pid {pid} is ours but does not answer yet; waiting")
            return self._wait_ready(pid)
        if self.pid_file.exists():
            self.log(f"removing stale pid file {self.pid_file} (no server process behind it)")
            self.pid_file.unlink()
        java = find_java(self.settings.java_home, self.settings.jvm_dirs)
        dist = prov.provision(self.settings.home, java, self.log, self.progress)
        self.progress(STARTING, 0, 0)  # setting the first password runs Java for a while
        port = self._choose_port()
        self._write_config(dist, port)
        self._ensure_password(java, dist)
        self.console_log.parent.mkdir(parents=True, exist_ok=True)
        # The parallel collector, not G1: a local server's work is bulk loads and GDS runs, where throughput
        # counts more than pause times. It spares loads G1's barriers and concurrent threads, at the price of
        # rarer but longer pauses, which a heap this small keeps short.
        cmd = [
            str(java),
            *heap_options(self.settings.neo4j_heap),
            "-XX:+UseParallelGC",
            *JIT_OPTIONS,
            *LAUNCHER_OPTIONS,
            "-XX:+ExitOnOutOfMemoryError",
            "-Dfile.encoding=UTF-8",
            "-cp",
            self._classpath(dist),
            ENTRY_POINT,
            f"--home-dir={dist}",
            f"--config-dir={self.conf_dir}",
        ]
        with open(self.console_log, "ab") as out:
            proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                cwd=self.dir,
            )
        _SPAWNED[proc.pid] = proc
        self.pid_file.parent.mkdir(parents=True, exist_ok=True)
        self.pid_file.write_text(f"{proc.pid}\n")
        conn = Connection(uri=f"bolt://127.0.0.1:{port}", user=USER, password_file=str(self.password_file))
        self.connection_file.write_text(json.dumps(asdict(conn), indent=2) + "\n")
        self.log(f"starting Neo4j {prov.NEO4J_VERSION} (pid {proc.pid}) on {conn.uri}…")
        return self._wait_ready(proc.pid, proc)

    def _choose_port(self) -> int:
        wanted = self.settings.neo4j_port
        if wanted is not None:
            if not port_is_free(wanted):
                raise PortInUse(
                    f"port {wanted} on 127.0.0.1 is taken by another process; "
                    "choose another with CODEROOMS_NEO4J_PORT or leave it unset for a free one"
                )
            return wanted
        recorded = self.connection()
        if recorded is not None:
            port = int(recorded.uri.rsplit(":", 1)[1])
            if port_is_free(port):
                return port
            self.log(f"recorded port {port} is taken now; picking a free one")
        return free_port()

    @staticmethod
    def _classpath(dist: Path) -> str:
        return os.pathsep.join(str(dist / part / "*") for part in ("plugins", "conf", "lib"))

    def _write_config(self, dist: Path, port: int) -> None:
        for sub in ("conf", "data", "logs", "run", "import"):
            (self.dir / sub).mkdir(parents=True, exist_ok=True)
        lines = [
            "# Written by `coderooms db start`; rewritten at every start.",
            "server.default_listen_address=127.0.0.1",
            f"server.bolt.listen_address=127.0.0.1:{port}",
            f"server.bolt.advertised_address=127.0.0.1:{port}",
            "server.http.enabled=false",
            "server.https.enabled=false",
            "dbms.security.auth_enabled=true",
            "dbms.security.procedures.unrestricted=gds.*",
            f"server.memory.heap.initial_size={self.settings.neo4j_heap}",
            f"server.memory.heap.max_size={self.settings.neo4j_heap}",
            f"server.memory.pagecache.size={self.settings.neo4j_pagecache}",
            f"server.directories.data={self.dir / 'data'}",
            f"server.directories.logs={self.dir / 'logs'}",
            f"server.directories.run={self.dir / 'run'}",
            f"server.directories.import={self.dir / 'import'}",
            f"server.directories.plugins={dist / 'plugins'}",
            "dbms.usage_report.enabled=false",
            "db.tx_log.rotation.retention_policy=2 files",
            PLANS_BY_TYPE_ONLY,
        ]
        if self.settings.neo4j_transaction_memory is not None:
            lines.append(f"dbms.memory.transaction.total.max={self.settings.neo4j_transaction_memory}")
        (self.conf_dir / "neo4j.conf").write_text("\n".join(lines) + "\n")

    def _ensure_password(self, java: Path, dist: Path) -> None:
        """Generate the password once (0600) and set it before the database first starts."""
        if not self.password_file.exists():
            fd = os.open(self.password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_urlsafe(24) + "\n")
        os.chmod(self.password_file, 0o600)
        if (self.dir / "data" / "dbms" / "auth.ini").exists():
            return
        env = dict(os.environ, NEO4J_HOME=str(dist), NEO4J_CONF=str(self.conf_dir))
        password = self.password_file.read_text(encoding="utf-8").strip()
        done = subprocess.run(
            # "--" ends the options: a generated password may begin with "-" (token_urlsafe's alphabet has it).
            [str(java), "-cp", self._classpath(dist), ADMIN_TOOL, "dbms", "set-initial-password", "--", password],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise ServerStartFailed(f"could not set the initial password: {done.stdout}{done.stderr}".strip())

    def _wait_ready(self, pid: int, proc: subprocess.Popen[bytes] | None = None) -> ServerStatus:
        deadline = time.monotonic() + self.settings.start_timeout_s
        conn = self.connection()
        assert conn is not None
        while time.monotonic() < deadline:
            self.progress(STARTING, 0, 0)
            exited = proc.poll() is not None if proc is not None else not self._is_our_process(pid)
            if exited:
                self.pid_file.unlink(missing_ok=True)
                raise ServerStartFailed(
                    f"Neo4j exited during start-up; last lines of {self.console_log}:\n" + self._log_tail()
                )
            versions = probe_versions(conn.uri, conn.user, conn.password(), timeout_s=2.0)
            if versions is not None:
                self.log(f"ready: Neo4j {versions[0]}, GDS {versions[1]}")
                return self.status()
            time.sleep(0.5)
        self._terminate(pid)
        raise ServerStartFailed(
            f"Neo4j did not answer within {self.settings.start_timeout_s:.0f}s; "
            f"last lines of {self.console_log}:\n" + self._log_tail()
        )

    def _log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.console_log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    # -- stop -----------------------------------------------------------------------------
    def stop(self) -> bool:
        """Stop the server; True if one was running. Leaves no process behind."""
        pid = self.running_pid()
        if pid is None:
            self.pid_file.unlink(missing_ok=True)
            return False
        self._terminate(pid)
        self.pid_file.unlink(missing_ok=True)
        self.log(f"stopped (pid {pid})")
        return True

    def _terminate(self, pid: int, grace_s: float = 60.0) -> None:
        try:
            os.killpg(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + grace_s
        while time.monotonic() < deadline:
            if not self._alive(pid):
                return
            time.sleep(0.2)
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        while self._alive(pid):
            time.sleep(0.1)

    @staticmethod
    def _alive(pid: int) -> bool:
        child = _SPAWNED.get(pid)
        if child is not None:
            if child.poll() is None:
                return True
            del _SPAWNED[pid]
            return False
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        stat = Path(f"/proc/{pid}/stat")
        return not (stat.exists() and stat.read_text().split(") ", 1)[-1].startswith("Z"))
