"""`coderooms serve` and `coderooms schema`."""

from __future__ import annotations

import argparse

import uvicorn

from api.app import create_app
from api.cli.output import EXIT_OK
from api.schema import sdl
from api.settings import ApiSettings


def register(commands: argparse._SubParsersAction) -> None:
    serve = commands.add_parser("serve", help="serve the GraphQL API (and the screen)")
    serve.add_argument("--host", default=None, help="bind address (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default 8000)")
    serve.set_defaults(handler=_serve)
    schema = commands.add_parser("schema", help="print the GraphQL SDL")
    schema.set_defaults(handler=_schema)


def _serve(args: argparse.Namespace) -> int:
    settings = ApiSettings()
    overrides = {k: v for k, v in (("host", args.host), ("port", args.port)) if v is not None}
    settings = settings.model_copy(update=overrides)
    print(f"Code Rooms API on http://{settings.host}:{settings.port}/graphql", flush=True)
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level="info")
    return EXIT_OK


def _schema(_: argparse.Namespace) -> int:
    print(sdl(), end="")
    return EXIT_OK
