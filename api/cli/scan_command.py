"""`coderooms ingest PATH` (code graph only) and `coderooms scan PATH` (code graph + candidate map)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from api.cli.output import CLI_ACTOR, EXIT_BAD_INPUT, EXIT_CONFLICT, EXIT_OK, emit_json, fail, failed, progress
from api.cli.progress_bar import progress_bar
from graphdb import store_writes
from graphdb.database import Database
from graphdb.errors import GraphDbError
from graphdb.retry_log import transaction_retries_unlogged
from rooms.contract import SeedFile, SystemBlock
from rooms.contract.base import REPO_ID, REPO_ID_RULE
from rooms.contract.paths import glob_matches, is_glob
from rooms.store_rules import VersionConflict
from services import scan as scans

REBIND_HELP = "bind the repository id to this directory although it was scanned from another"


def register(commands: argparse._SubParsersAction) -> None:
    ingest = commands.add_parser("ingest", help="parse a repository into the code graph (no map)")
    ingest.add_argument("path", type=Path)
    ingest.add_argument("--repo-id", help="default: the directory name")
    ingest.add_argument("--rebind", action="store_true", help=REBIND_HELP)
    ingest.add_argument("--json", action="store_true")
    ingest.set_defaults(handler=_ingest)
    scan = commands.add_parser("scan", help="ingest a repository and propose its candidate map")
    scan.add_argument("path", type=Path)
    scan.add_argument("--repo-id", help="default: the directory name")
    scan.add_argument("--naming", choices=["auto", "heuristic"], default="auto")
    scan.add_argument("--review-limit", type=int, default=16, help="blocks listed for review (the map keeps all)")
    scan.add_argument("--rebind", action="store_true", help=REBIND_HELP)
    scan.add_argument("--json", action="store_true")
    scan.set_defaults(handler=_scan)


def _root(path: Path) -> Path | None:
    root = path.expanduser().resolve()
    return root if root.is_dir() else None


def _target(args: argparse.Namespace) -> tuple[Path, str] | str:
    """The directory and the repository id a command works on, or why the arguments are refused."""
    root = _root(args.path)
    if root is None:
        return f"{args.path} is not a directory"
    repo_id = args.repo_id or scans.default_repo_id(root)
    return (root, repo_id) if REPO_ID.fullmatch(repo_id) else f"--repo-id: {REPO_ID_RULE}"


def _ingest(args: argparse.Namespace) -> int:
    target = _target(args)
    if isinstance(target, str):
        return fail(target, EXIT_BAD_INPUT)
    root, repo_id = target
    log = progress(args.json or not sys.stderr.isatty())
    try:
        db = Database.connect()
        try:
            db.apply_schema()
            log(f"ingesting {root} as {repo_id}…")
            draw, drawn = progress_bar(args.json)
            try:
                with transaction_retries_unlogged():  # the loader's concurrent writers deadlock at times; retried
                    outcome = scans.ingest(db, root, repo_id, rebind=args.rebind, progress=draw)
            finally:
                drawn()
        finally:
            db.close()
    except GraphDbError as exc:
        return failed(exc)
    except scans.ScanRefused as exc:
        return fail(f"{exc.code}: {exc}", EXIT_CONFLICT)
    report = outcome.report
    document = {
        "repo_id": repo_id,
        "files_by_language": dict(report.files_by_language),
        "skipped_by_reason": dict(report.skipped_by_reason),
        "symbols": report.symbols,
        "edges_by_kind": dict(report.edges_by_kind),
        "unresolved_references": report.unresolved_references,
        "issues": [{"path": i.path, "kind": i.kind, "detail": i.detail} for i in report.issues],
        "timings_s": {**dict(report.timings), "write": outcome.load.seconds, "total": outcome.seconds},
        "written": {
            "files": outcome.load.files_written,
            "deleted": outcome.load.files_deleted,
            "unchanged": outcome.load.files_unchanged,
            "nodes": outcome.load.nodes_written,
            "relationships": outcome.load.relationships_written,
        },
    }
    if args.json:
        emit_json(document)
        return EXIT_OK
    files = sum(report.files_by_language.values())
    print(
        f"{repo_id}: {files} files, {report.symbols} symbols, "
        f"{sum(report.edges_by_kind.values())} edges in {outcome.seconds:.1f}s"
    )
    print("  languages: " + ", ".join(f"{k} {v}" for k, v in sorted(report.files_by_language.items())))
    if report.skipped_by_reason:
        print("  skipped:   " + ", ".join(f"{k} {v}" for k, v in sorted(report.skipped_by_reason.items())))
    print("  edges:     " + ", ".join(f"{k} {v}" for k, v in sorted(report.edges_by_kind.items())))
    print(f"  unresolved references: {report.unresolved_references}; issues: {len(report.issues)}")
    return EXIT_OK


def members(block: SystemBlock, listing: list[str], file_set: frozenset[str]) -> list[dict[str, str]]:
    """The block's files (``listing`` sorted) with their roles: a glob member stands for the files it matches,
    in its role."""
    roles: dict[str, str] = {}
    for member in block.membership:
        if is_glob(member.path):
            for path in glob_matches(member.path, listing):
                roles.setdefault(path, member.role.value)
        elif member.path in file_set:
            roles.setdefault(member.path, member.role.value)
    return [{"path": path, "role": roles[path]} for path in sorted(roles)]


def summary(
    candidate: SeedFile,
    files: list[str],
    report: dict[str, Any],
    review_limit: int,
    sockets: list[scans.SocketEdges],
) -> dict[str, Any]:
    """The scan's document (``--json``, and what the summary prints); its shape is in the README."""
    listing = sorted(files)
    file_set = frozenset(listing)
    blocks = []
    for b in candidate.blocks:
        files_of = members(b, listing, file_set)
        blocks.append(
            {
                "block_id": b.block_id,
                "name": b.name,
                "purpose": b.purpose,
                "files": len(files_of),
                "tests": sum(1 for m in files_of if m["role"] == "test"),
                "needs_owner_naming": bool(b.candidate_meta and b.candidate_meta.needs_owner_naming),
                "members": files_of,
            }
        )
    return {
        "blocks": blocks,
        "block_count": len(blocks),
        "sockets": [
            {"from": s.source, "to": s.target, "edges": s.edges, "type": s.type, "test_only": s.test_only}
            for s in sockets
        ],
        "review_limit": review_limit,
        "seams": report.get("multi_owner_seams", []),
        "residue_count": report.get("residue_count", 0),
        "fallback": report.get("fallback"),
        "naming": report.get("naming"),
        "suggested_splits": report.get("suggested_splits", []),
        "kept": report.get("kept"),
    }


def _scan(args: argparse.Namespace) -> int:
    target = _target(args)
    if isinstance(target, str):
        return fail(target, EXIT_BAD_INPUT)
    if args.review_limit < 1:
        return fail("--review-limit must be at least 1", EXIT_BAD_INPUT)
    root, repo_id = target
    log = progress(args.json or not sys.stderr.isatty())
    try:
        db = Database.connect()
        try:
            db.apply_schema()
            expected = store_writes.store_version(db, repo_id)
            log(f"scanning {root} as {repo_id} (store version {expected})…")
            draw, drawn = progress_bar(args.json)
            try:
                with transaction_retries_unlogged():  # as in _ingest
                    outcome = scans.scan(
                        db,
                        root,
                        repo_id,
                        expected,
                        naming=args.naming,
                        rebind=args.rebind,
                        actor=CLI_ACTOR,
                        progress=draw,
                    )
            finally:
                drawn()
        finally:
            db.close()
    except GraphDbError as exc:
        return failed(exc)
    except scans.ScanRefused as exc:
        return fail(f"{exc.code}: {exc}", EXIT_CONFLICT)
    if isinstance(outcome, VersionConflict):
        return fail(f"version conflict: the store moved to {outcome.actual} during the scan", EXIT_CONFLICT)
    files = outcome.files
    document = {
        "repo_id": repo_id,
        "outcome": outcome.write.outcome.value.upper(),
        "store_version": outcome.write.store.store_version,
        **summary(outcome.candidate, files, outcome.report, args.review_limit, outcome.sockets),
    }
    if args.json:
        emit_json(document)
        return EXIT_OK
    _print_summary(document)
    return EXIT_OK


TOP_SOCKETS = 10


def _print_summary(doc: dict[str, Any]) -> None:
    print(f"{doc['repo_id']}: {doc['outcome'].lower().replace('_', ' ')} — store version {doc['store_version']}")
    if doc["kept"] is not None:
        edited = doc["kept"]["edited_files"]
        what = (
            "nothing changed:"
            if not edited
            else "1 edited file changes"
            if edited == 1
            else f"{edited} edited files change"
        )
        print(f"  {what} no node or edge of the code graph since the last scan: the map is kept")
    fallback = doc["fallback"] or "none (in-database clustering)"
    print(f"  {doc['block_count']} blocks · fallback: {fallback} · naming: {doc['naming']}")
    width = max((len(b["name"]) for b in doc["blocks"]), default=4)
    for block in doc["blocks"]:
        flag = "  — needs you" if block["needs_owner_naming"] else ""
        print(
            f"    {block['name']:<{width}}  {block['files']:>5} files  {block['tests']:>4} tests  "
            f"{block['block_id']}{flag}"
        )
        if block["purpose"]:
            print(f"    {'':<{width}}  {block['purpose']}")
    names = {b["block_id"]: b["name"] for b in doc["blocks"]}
    sockets = doc["sockets"]
    print(
        f"  dependencies: {len(sockets)}"
        + (f" (the {TOP_SOCKETS} with most edges)" if len(sockets) > TOP_SOCKETS else "")
    )
    for socket in sockets[:TOP_SOCKETS]:
        test = "  (tests only)" if socket["test_only"] else ""
        print(
            f"    {names.get(socket['from'], socket['from'])} → {names.get(socket['to'], socket['to'])}  "
            f"{socket['edges']} edges{test}"
        )
    seams = doc["seams"]
    print(f"  seams: {len(seams)}" + "".join(f"\n    {s['path']}  ({', '.join(s['block_ids'])})" for s in seams[:10]))
    print(f"  unmapped residue: {doc['residue_count']} files")
    for split in doc["suggested_splits"]:
        print(
            f"  finer cut of {names.get(split['block_id'], split['block_id'])}: "
            f"{len(split['directories'])} directories ({', '.join(split['directories'][:4])}"
            f"{', …' if len(split['directories']) > 4 else ''})"
        )
    print("next:")
    print("  coderooms serve                  open the screen: review, rename, resolve seams, ratify")
    print("  coderooms runner add … / pin …   name the blocks with a runner, then scan again")
    print("  coderooms curate --mission ID    let the curation hand work a mission sent from the screen")
