"""The `coderooms` command line: a thin layer over the same services the API calls.

Exit codes: 0 ok, 1 failure, 2 bad input, 3 version conflict / refused state.

Each command's module is imported only when that command runs (the server's pulls in Strawberry and the
app, the curation hand's an HTTP client, the scan's the GDS client): `coderooms ingest` or `db status` should
not wait seconds for imports they never use. Asking for help loads them all. The garbage collector is set
for the process by ``api.process_tuning``.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from api.process_tuning import tune_cli
from api.version import coderooms_version

# command -> the module that registers it (and the commands it registers beside it), in help order.
COMMAND_MODULES = {
    "db": "api.cli.db",
    "serve": "api.cli.serve",
    "schema": "api.cli.serve",
    "token": "api.cli.token",
    "export-seed": "api.cli.seeds",
    "import-seed": "api.cli.seeds",
    "ingest": "api.cli.scan_command",
    "scan": "api.cli.scan_command",
    "runner": "api.cli.runner",
    "curate": "api.cli.curate",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with a known ``command``, only that command's module is loaded and registered."""
    parser = argparse.ArgumentParser(prog="coderooms", description="Code Rooms: a map of any codebase.")
    parser.add_argument("--version", action="version", version=f"coderooms {coderooms_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    if command == "--version":
        wanted: list[str] = []  # answered before any command is parsed
    else:
        wanted = [COMMAND_MODULES[command]] if command in COMMAND_MODULES else list(COMMAND_MODULES.values())
    for name in dict.fromkeys(wanted):
        importlib.import_module(name).register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv[0] if argv else None).parse_args(argv)
    if args.command != "serve":  # the server sets its own (``tune_server``)
        tune_cli()
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())
