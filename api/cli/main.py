"""The `coderooms` command line: a thin layer over the same services the API calls.

Exit codes: 0 ok, 1 failure, 2 bad input, 3 version conflict / refused state.
"""

from __future__ import annotations

import argparse
import sys

from api.cli import curate, db, runner, scan, seeds, serve, token
from api.version import coderooms_version


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="coderooms", description="Code Rooms: a map of any codebase.")
    parser.add_argument("--version", action="version", version=f"coderooms {coderooms_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    db.register(commands)
    serve.register(commands)
    token.register(commands)
    seeds.register(commands)
    scan.register(commands)
    runner.register(commands)
    curate.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())
