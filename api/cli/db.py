"""`coderooms db start|stop|status|uri`: the local Neo4j + GDS server."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from api.cli.output import EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK, emit_json, fail, progress
from api.cli.progress_bar import progress_bar
from graphdb.connection import resolve_target
from graphdb.database import Database
from graphdb.errors import GraphDbError, NoDatabaseConfigured, PortInUse
from graphdb.retry_log import transaction_retries_unlogged
from graphdb.runtime import LocalInstance, ServerStatus
from graphdb.settings import DbSettings
from rooms.progress import Progress


def register(commands: argparse._SubParsersAction) -> None:
    db = commands.add_parser("db", help="the local Neo4j + GDS server")
    actions = db.add_subparsers(dest="action", required=True)
    for name, help_text in (
        ("start", "provision (first time) and start; idempotent"),
        ("stop", "stop the server; leaves no process"),
        ("status", "is it running, where, which versions"),
        ("uri", "print the Bolt URI"),
    ):
        action = actions.add_parser(name, help=help_text)
        action.add_argument("--json", action="store_true", help="machine-readable output, no progress")
        action.set_defaults(handler=_HANDLERS[name])
        if name == "start":
            action.add_argument(
                "--no-warm-up", action="store_true", help="return once the server answers, without warming it up"
            )


def _instance(args: argparse.Namespace) -> tuple[DbSettings, LocalInstance]:
    settings = DbSettings()
    quiet = args.json
    return settings, LocalInstance(settings, log=progress(quiet))


def _start(args: argparse.Namespace) -> int:
    settings = DbSettings()
    if settings.external:
        return fail("NEO4J_URI is set: the external database is used and no local server is started", EXIT_BAD_INPUT)
    try:
        status = _start_warm(settings, args)
    except PortInUse as exc:
        return fail(str(exc), EXIT_BAD_INPUT)
    except GraphDbError as exc:
        return fail(str(exc), EXIT_FAILURE)
    if args.json:
        emit_json(status.public())
    else:
        print(f"Neo4j {status.neo4j_version} with GDS {status.gds_version} running at {status.uri}")
    return EXIT_OK


def _start_warm(settings: DbSettings, args: argparse.Namespace) -> ServerStatus:
    """Start the server and warm it up if this start started it. On a terminal a bar walks the phases below the
    log's lines (provisioning, starting, warming up k/N scans); it is gone before whatever the command says next."""
    draw, clear = progress_bar(args.json, unit="scans", timed=True)
    log = _above(clear, progress(args.json))
    instance = LocalInstance(settings, log=log, progress=draw)
    starting = instance.running_pid() is None
    try:
        status = instance.start()
        if starting and not args.no_warm_up:
            _warm_up(log, draw)
        return status
    finally:
        clear()


def _above(clear: Callable[[], None], log: Callable[[str], None]) -> Callable[[str], None]:
    """``log`` on a line of its own: the bar's line is cleared first, and the bar's next report draws it again."""

    def log_above(message: str) -> None:
        clear()
        log(message)

    return log_above


def _warm_up(log: Callable[[str], None], draw: Progress) -> None:
    """A server just started: warm it up with scans of a small tree (``services.warm_up``), so that the user's first
    scans run near full speed."""
    from services.warm_up import warm_up  # the scan's modules: not for the other `db` commands

    log("warming up the server with scans of a small tree (once per start; --no-warm-up skips it)…")
    db = Database.connect()
    try:
        with transaction_retries_unlogged():  # as a scan from the command line
            done = warm_up(db, draw)
    finally:
        db.close()
    log(f"warmed up: {done.scans} scans of {done.files} files in {done.seconds:.1f}s")


def _stop(args: argparse.Namespace) -> int:
    _, instance = _instance(args)
    stopped = instance.stop()
    if args.json:
        emit_json({"stopped": stopped})
    else:
        print("stopped" if stopped else "not running")
    return EXIT_OK


def _status(args: argparse.Namespace) -> int:
    settings, instance = _instance(args)
    status = instance.status()
    if args.json:
        emit_json(status.public())
    elif status.running:
        print(f"running (pid {status.pid}) at {status.uri}: Neo4j {status.neo4j_version}, GDS {status.gds_version}")
    else:
        print("not running" + (f" — {status.note}" if status.note else ""))
    if settings.external:
        print("note: NEO4J_URI is set, so commands use that database, not this local server")
    return EXIT_OK if status.running else EXIT_FAILURE


def _uri(args: argparse.Namespace) -> int:
    try:
        target = resolve_target(DbSettings())
    except NoDatabaseConfigured as exc:
        return fail(str(exc), EXIT_FAILURE)
    if args.json:
        emit_json({"uri": target.uri, "user": target.user, "database": target.database, "source": target.source})
    else:
        print(target.uri)
    return EXIT_OK


_HANDLERS = {"start": _start, "stop": _stop, "status": _status, "uri": _uri}
