"""The `coderooms` command line: a thin layer over the same services the API calls.

Exit codes: 0 ok, 1 failure, 2 bad input, 3 version conflict / refused state (130 interrupted). Whatever a
command does not answer itself ends in one line on stderr, never a traceback: bad input (a file that cannot
be read or written, text that is not UTF-8 or JSON, a setting or ``NEO4J_URI`` that does not parse) exits 2,
anything else 1; a database failure with a stable code (``database_out_of_memory``) says its code first.
``CODEROOMS_DEBUG=1`` shows the traceback instead.

Each command's module is imported only when that command runs (the server's pulls in Strawberry and the
app, the curation hand's an HTTP client): `coderooms scan` or `db status` should
not wait seconds for imports they never use. Asking for help loads them all. The garbage collector is set
for the process by ``api.process_tuning``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
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


EXIT_FAILURE, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 1, 2, 130
# Read straight from the environment: it must work when the settings themselves are what is broken.
DEBUG_VARIABLE = "CODEROOMS_DEBUG"
_BAD_PATH = (FileNotFoundError, FileExistsError, IsADirectoryError, NotADirectoryError, PermissionError)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv[0] if argv else None).parse_args(argv)
    if args.command != "serve":  # the server sets its own (``tune_server``)
        tune_cli()
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        print("coderooms: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:
        if os.environ.get(DEBUG_VARIABLE, "") not in ("", "0"):
            raise
        bad = _is_bad_input(exc)
        code = _stable_code(exc)
        if bad or code:
            what = f"{code}: " if code else ""
        else:
            what = f"unexpected error ({type(exc).__name__}; {DEBUG_VARIABLE}=1 shows where): "
        print(f"coderooms: {what}{_one_line(exc)}", file=sys.stderr)
        return EXIT_BAD_INPUT if bad else EXIT_FAILURE


def _is_bad_input(exc: Exception) -> bool:
    # Imported here: only a failing command pays for them (and by then they are loaded anyway).
    from neo4j.exceptions import ConfigurationError
    from pydantic import ValidationError

    return isinstance(exc, (*_BAD_PATH, UnicodeError, json.JSONDecodeError, ValidationError, ConfigurationError))


def _stable_code(exc: Exception) -> str | None:
    """The stable error code of a database failure a command did not answer itself (one it may meet
    anywhere, as Neo4j's refusal for lack of memory), else None."""
    from graphdb.errors import GraphDbError

    return str(exc.code) if isinstance(exc, GraphDbError) and exc.code else None


def _one_line(exc: Exception) -> str:
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        errors = exc.errors(include_url=False)
        first = errors[0]
        where = ".".join(str(part) for part in first["loc"]) or "(value)"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return f"invalid {exc.title}: {where}: {first['msg']}{more}"
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 300 else text[:299] + "…"


if __name__ == "__main__":
    sys.exit(main())
