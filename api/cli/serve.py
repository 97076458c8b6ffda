"""`coderooms serve` and `coderooms schema`."""

from __future__ import annotations

import argparse
import sys

import uvicorn

from api.app import create_app
from api.bind_guard import bind_refusal, is_loopback_host
from api.cli.output import EXIT_CONFLICT, EXIT_OK, fail
from api.process_tuning import tune_server
from api.schema import sdl
from api.settings import ApiSettings
from graphdb.database import Database
from graphdb.errors import GraphDbError
from graphdb.tokens import create_token, list_tokens, revoke_label
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


def _owner_link(host: str, port: int) -> str | None:
    """A fresh owner token for this serve session (the previous session's is revoked), as a local link.

    The token travels in the URL fragment, which browsers never send to a server.
    """
    try:
        db = Database.connect()
        try:
            revoke_label(db, SESSION_LABEL)
            _, token = create_token(db, Seat.OWNER, "owner", SESSION_LABEL)
        finally:
            db.close()
    except GraphDbError as exc:
        print(f"coderooms: no owner link ({exc}); create a token with `coderooms token create`", file=sys.stderr)
        return None
    return f"http://{host}:{port}/#token={token}"


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
    link = _owner_link(settings.host, settings.port) if args.owner_link else None
    if link:
        print(f"Open as owner: {link}", flush=True)
    app = create_app(settings)
    tune_server()
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="info")
    return EXIT_OK


def _schema(_: argparse.Namespace) -> int:
    print(sdl(), end="")
    return EXIT_OK
