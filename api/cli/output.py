"""How CLI commands talk: progress on stderr when it is a terminal, JSON on stdout for agents."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from graphdb.database import Database
from graphdb.errors import GraphDbError
from graphdb.history import Actor
from rooms.contract import Seat

EXIT_OK, EXIT_FAILURE, EXIT_BAD_INPUT, EXIT_CONFLICT = 0, 1, 2, 3
# Whoever runs the CLI holds the database's credentials: the owner, at this machine. The history says "cli".
CLI_ACTOR = Actor(Seat.OWNER, "cli")


def progress(quiet: bool):  # returns a logger callable
    def log(message: str) -> None:
        if not quiet:
            print(message, file=sys.stderr, flush=True)

    return log


def emit_json(document: Any) -> None:
    print(json.dumps(document, indent=2, sort_keys=False))


def fail(message: str, code: int = EXIT_FAILURE) -> int:
    print(f"coderooms: {message}", file=sys.stderr)
    return code


def failed(exc: GraphDbError) -> int:
    """A database failure as one line, its stable code first where it has one (exit 1: the request was
    sound, the database could not serve it)."""
    return fail(f"{exc.code}: {exc}" if exc.code else str(exc))


def with_database(action: Callable[[Database, argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A command handler that gets a connected database; connection and driver failures exit 1 clearly."""

    def run(args: argparse.Namespace) -> int:
        try:
            db = Database.connect()
        except GraphDbError as exc:
            return failed(exc)
        try:
            return action(db, args)
        except GraphDbError as exc:
            return failed(exc)
        finally:
            db.close()

    return run
