"""`coderooms export-seed REPO_ID [-o FILE]` and `coderooms import-seed FILE`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from api.cli.output import CLI_ACTOR, EXIT_BAD_INPUT, EXIT_CONFLICT, EXIT_FAILURE, EXIT_OK, emit_json, fail, failed
from graphdb.database import Database
from graphdb.errors import GraphDbError
from rooms.contract import ContractError, Store, parse_seed
from services import seeds


def register(commands: argparse._SubParsersAction) -> None:
    export = commands.add_parser("export-seed", help="write a repository's live skeleton as seed JSON")
    export.add_argument("repo_id")
    export.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    export.set_defaults(handler=_export)
    imp = commands.add_parser("import-seed", help="set a repository's store to exactly a seed (owner gesture)")
    imp.add_argument("file", type=Path)
    imp.add_argument(
        "--expected-store-version", type=int, default=None, help="the version you read (default: the current one)"
    )
    imp.add_argument("--json", action="store_true")
    imp.set_defaults(handler=_import)


def _export(args: argparse.Namespace) -> int:
    try:
        db = Database.connect()
        try:
            text = seeds.export_seed(db, args.repo_id)
        finally:
            db.close()
    except GraphDbError as exc:
        return failed(exc)
    if text is None:
        return fail(f"no store for repository {args.repo_id!r}", EXIT_FAILURE)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _import(args: argparse.Namespace) -> int:
    try:
        seed = parse_seed(args.file.read_text(encoding="utf-8"))
    except OSError as exc:
        return fail(f"cannot read {args.file}: {exc}", EXIT_BAD_INPUT)
    except UnicodeDecodeError as exc:
        return fail(f"{args.file}: not UTF-8 text ({exc.reason} at byte {exc.start})", EXIT_BAD_INPUT)
    except ContractError as exc:
        return fail(f"{args.file}: {exc.code}: {exc.message}", EXIT_BAD_INPUT)
    try:
        db = Database.connect()
        try:
            expected = args.expected_store_version
            outcome = (
                seeds.import_over_current(db, seed, CLI_ACTOR)
                if expected is None
                else seeds.import_seed(db, seed, expected, CLI_ACTOR)
            )
        finally:
            db.close()
    except GraphDbError as exc:
        return failed(exc)
    if not isinstance(outcome, Store):
        return fail(f"version conflict: expected {outcome.expected}, store is at {outcome.actual}", EXIT_CONFLICT)
    if args.json:
        emit_json({"repo_id": seed.repo.repo_id, "store_version": outcome.store_version})
    else:
        print(f"imported {seed.repo.repo_id} at store version {outcome.store_version}")
    return EXIT_OK
