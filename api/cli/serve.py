"""`coderooms serve` and `coderooms schema`."""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
from collections.abc import Callable

import uvicorn
from starlette.applications import Starlette

from api.app import create_app
from api.bind_guard import bind_refusal, is_loopback_host
from api.cli.output import EXIT_CONFLICT, EXIT_OK, fail
from api.process_tuning import tune_server
from api.schema import sdl
from api.settings import ApiSettings
from graphdb.database import Database
from graphdb.errors import GraphDbError
from graphdb.tokens import create_token, list_tokens, revoke_label, revoke_token
from rooms.contract import Seat


def register(commands: argparse._SubParsersAction) -> None:
    serve = commands.add_parser("serve", help="serve the GraphQL API (and the screen)")
    serve.add_argument("--host", default=None, help="bind address (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default 8000)")
    serve.add_argument(
        "--no-owner-link", dest="owner_link", action="store_false", help="do not mint an owner token for this session"
    )
    serve.set_defaults(handler=_serve)
    schema = commands.add_parser("schema", help="print the GraphQL SDL")
    schema.set_defaults(handler=_schema)


SESSION_LABEL = "serve-session"


def session_label(hostname: str, pid: int) -> str:
    """The label of one serve session's owner token: whose it is, so that no other session revokes it."""
    return f"{SESSION_LABEL} {hostname} {pid}"


def leftover(label: str | None, hostname: str, alive: Callable[[int], bool]) -> bool:
    """Whether a token labelled ``label`` is the owner link of a serve session that is gone: one of this
    machine whose process is not running (killed before it could revoke its own), or of a version that
    labelled every session alike. Another machine's sessions, and live ones, are theirs to end."""
    if label == SESSION_LABEL:
        return True
    prefix, _, rest = (label or "").partition(" ")
    host, _, pid = rest.rpartition(" ")
    return prefix == SESSION_LABEL and host == hostname and pid.isdigit() and not alive(int(pid))


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


def _owner_link(host: str, port: int, label: str) -> str | None:
    """A fresh owner token for this serve session, as a local link. Sessions gone without revoking theirs
    are cleaned up; a running session's link is never touched (two may serve one database).

    The token travels in the URL fragment, which browsers never send to a server.
    """
    try:
        db = Database.connect()
        try:
            hostname = socket.gethostname()
            for token in list_tokens(db):
                if not token["revoked"] and leftover(token["label"], hostname, _process_alive):
                    revoke_token(db, token["token_id"])
            _, secret = create_token(db, Seat.OWNER, "owner", label)
        finally:
            db.close()
    except GraphDbError as exc:
        print(f"coderooms: no owner link ({exc}); create a token with `coderooms token create`", file=sys.stderr)
        return None
    return f"http://{host}:{port}/#token={secret}"


def _end_session(label: str) -> None:
    """Revoke this session's owner link as the server stops."""
    try:
        db = Database.connect()
        try:
            revoke_label(db, label)
        finally:
            db.close()
    except GraphDbError as exc:
        print(
            f"coderooms: the owner link stays valid ({exc}); revoke it with `coderooms token revoke`", file=sys.stderr
        )


def _live_owner_tokens() -> tuple[int | None, str]:
    """How many unrevoked OWNER tokens the database holds (None and the reason when it cannot be asked)."""
    try:
        db = Database.connect()
        try:
            tokens = list_tokens(db)
        finally:
            db.close()
    except GraphDbError as exc:
        return None, str(exc)
    return sum(t["seat"] == Seat.OWNER.value and not t["revoked"] for t in tokens), ""


def _serve(args: argparse.Namespace) -> int:
    settings = ApiSettings()
    overrides = {k: v for k, v in (("host", args.host), ("port", args.port)) if v is not None}
    settings = settings.model_copy(update=overrides)
    if not is_loopback_host(settings.host):
        refusal = bind_refusal(settings.host, *_live_owner_tokens())
        if refusal:
            return fail(refusal, EXIT_CONFLICT)
    print(f"Code Rooms API on http://{settings.host}:{settings.port}/graphql", flush=True)
    label = session_label(socket.gethostname(), os.getpid())
    link = _owner_link(settings.host, settings.port, label) if args.owner_link else None
    if link:
        print(f"Open as owner: {link}", flush=True)
    app = create_app(settings)
    tune_server()
    stops: list[int] = []
    try:
        stops = _run_until_stopped(app, settings)
    finally:
        if link:
            _end_session(label)
    if signal.SIGTERM in stops:  # end as uvicorn would have: killed by the signal it was sent
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.raise_signal(signal.SIGTERM)
    return EXIT_OK


def _run_until_stopped(app: Starlette, settings: ApiSettings) -> list[int]:
    """Serve until a stop signal; return the signals that stopped it. uvicorn handles them while it runs and
    sends them again once it is done, to the handlers it found: these record them, so that this session's
    link is revoked before the process ends."""
    stops: list[int] = []
    previous = {sig: signal.signal(sig, lambda sig, _: stops.append(sig)) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        uvicorn.run(app, host=settings.host, port=settings.port, log_level="info")
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return stops


def _schema(_: argparse.Namespace) -> int:
    print(sdl(), end="")
    return EXIT_OK
