"""`coderooms runner add|list|pin|remove`: the runner registry (the operator's, like `token`)."""

from __future__ import annotations

import argparse
import shlex
from datetime import UTC, datetime

from api.cli.output import CLI_ACTOR, EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK, emit_json, fail, with_database
from graphdb import runners
from graphdb.database import Database
from rooms.naming import RunnerRole, RunnerSpec, RunnerSpecError, Transport, runner_spec


def register(commands: argparse._SubParsersAction) -> None:
    runner = commands.add_parser("runner", help="naming runners (registry: add, list, pin, remove)")
    actions = runner.add_subparsers(dest="action", required=True)
    add = actions.add_parser(
        "add",
        help="register a runner",
        description="Examples: `coderooms runner add local --transport command --pin --command "
        "'python3 namer.py'` · `coderooms runner add llm --transport openai --url "
        "http://127.0.0.1:11434/v1 --model qwen2.5 --api-key-env LLM_KEY`",
    )
    add.add_argument("runner_id")
    add.add_argument("--transport", required=True, choices=[t.value for t in Transport])
    add.add_argument("--role", default=RunnerRole.NAMING.value, choices=[r.value for r in RunnerRole])
    add.add_argument(
        "--command",
        dest="command_line",
        help="command: the executable and its arguments, split like a shell would (no shell runs)",
    )
    add.add_argument("--url", help="http: the endpoint; openai: the API base ending in /v1")
    add.add_argument("--model", help="openai: the model")
    add.add_argument("--api-key-env", help="NAME of the environment variable holding the API key (never the key)")
    add.add_argument("--timeout-ms", type=int, default=None, help="per-block timeout (default 10000)")
    add.add_argument("--concurrency", type=int, default=None, help="blocks named at once (default 8)")
    add.add_argument("--repo-id", help="serve only this repository")
    add.add_argument("--pin", action="store_true", help="pin it for its role and scope")
    add.add_argument("--json", action="store_true")
    add.set_defaults(handler=_add)
    listing = actions.add_parser("list", help="registered runners")
    listing.add_argument("--repo-id", help="the installation-wide runners and this repository's own")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=_list)
    pin = actions.add_parser("pin", help="pin a runner (unpins the one pinned before for its role and scope)")
    pin.add_argument("runner_id")
    pin.add_argument("--unpin", action="store_true", help="unpin it instead")
    pin.add_argument("--json", action="store_true")
    pin.set_defaults(handler=_pin)
    remove = actions.add_parser("remove", help="remove a runner")
    remove.add_argument("runner_id")
    remove.add_argument("--json", action="store_true")
    remove.set_defaults(handler=_remove)


def _document(registered: runners.RegisteredRunner) -> dict[str, object]:
    return {
        **registered.spec.model_dump(mode="json"),
        "created_by": registered.created_by,
        "created_at": registered.created_at,
    }


def _line(spec: RunnerSpec) -> str:
    target = " ".join(spec.command) if spec.command else f"{spec.url}" + (f" ({spec.model})" if spec.model else "")
    scope = spec.repo_id or "*"
    return (
        f"{'*' if spec.pinned else ' '} {spec.runner_id:<24} {spec.role.value:<7} {spec.transport.value:<8} "
        f"{scope:<16} {spec.timeout_ms:>6} ms  {target}"
    )


def _spec(args: argparse.Namespace) -> RunnerSpec:
    try:
        argv = shlex.split(args.command_line or "")
    except ValueError as exc:
        raise RunnerSpecError(f"--command: {exc}") from exc
    fields: dict[str, object] = {
        "runner_id": args.runner_id,
        "role": args.role,
        "transport": args.transport,
        "command": tuple(argv),
        "url": args.url,
        "model": args.model,
        "api_key_env": args.api_key_env,
        "repo_id": args.repo_id,
    }
    for name in ("timeout_ms", "concurrency"):
        if getattr(args, name) is not None:
            fields[name] = getattr(args, name)
    return runner_spec(**fields)


@with_database
def _add(db: Database, args: argparse.Namespace) -> int:
    try:
        spec = _spec(args)
    except RunnerSpecError as exc:
        return fail(f"invalid runner: {exc}", EXIT_BAD_INPUT)
    try:
        added = runners.add_runner(db, spec, CLI_ACTOR.agent_id, datetime.now(UTC))
    except runners.RunnerExists as exc:
        return fail(str(exc), EXIT_BAD_INPUT)
    if args.pin:
        added = runners.pin_runner(db, spec.runner_id) or added
    if args.json:
        emit_json(_document(added))
    else:
        print(f"added runner {spec.runner_id}" + (" (pinned)" if added.spec.pinned else ""))
    return EXIT_OK


@with_database
def _list(db: Database, args: argparse.Namespace) -> int:
    found = runners.list_runners(db, None, args.repo_id)
    if args.json:
        emit_json([_document(r) for r in found])
    else:
        for registered in found:
            print(_line(registered.spec))
    return EXIT_OK


@with_database
def _pin(db: Database, args: argparse.Namespace) -> int:
    pinned = runners.pin_runner(db, args.runner_id, not args.unpin)
    if pinned is None:
        return fail(f"no runner {args.runner_id!r}", EXIT_FAILURE)
    if args.json:
        emit_json(_document(pinned))
    else:
        print(f"{'unpinned' if args.unpin else 'pinned'} runner {args.runner_id}")
    return EXIT_OK


@with_database
def _remove(db: Database, args: argparse.Namespace) -> int:
    if not runners.remove_runner(db, args.runner_id):
        return fail(f"no runner {args.runner_id!r}", EXIT_FAILURE)
    if args.json:
        emit_json({"removed": args.runner_id})
    else:
        print(f"removed runner {args.runner_id}")
    return EXIT_OK
