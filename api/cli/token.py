"""`coderooms token create|list|revoke`: bearer tokens for the API's seats."""

from __future__ import annotations

import argparse

from api.cli.output import EXIT_FAILURE, EXIT_OK, emit_json, fail, with_database
from graphdb.database import Database
from graphdb.tokens import create_token, list_tokens, revoke_token
from rooms.contract import Seat


def register(commands: argparse._SubParsersAction) -> None:
    token = commands.add_parser("token", help="API tokens (seats: owner, agent, reader)")
    actions = token.add_subparsers(dest="action", required=True)
    create = actions.add_parser("create", help="create a token; it is printed once and stored only as a hash")
    create.add_argument("--seat", required=True, choices=[s.value for s in Seat])
    create.add_argument("--agent-id", required=True, help="who acts with this token (stamped on every edit)")
    create.add_argument("--label", default="", help="a note for `token list`")
    create.add_argument("--json", action="store_true")
    create.set_defaults(handler=_create)
    listing = actions.add_parser("list", help="tokens (ids, seats, agents; never the tokens)")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=_list)
    revoke = actions.add_parser("revoke", help="revoke a token by id")
    revoke.add_argument("token_id")
    revoke.add_argument("--json", action="store_true")
    revoke.set_defaults(handler=_revoke)


@with_database
def _create(db: Database, args: argparse.Namespace) -> int:
    token_id, token = create_token(db, Seat(args.seat), args.agent_id, args.label)
    if args.json:
        emit_json({"token_id": token_id, "token": token, "seat": args.seat, "agent_id": args.agent_id})
    else:
        print(token)
    return EXIT_OK


@with_database
def _list(db: Database, args: argparse.Namespace) -> int:
    rows = list_tokens(db)
    if args.json:
        emit_json(rows)
    else:
        for row in rows:
            state = "revoked" if row["revoked"] else "active"
            print(f"{row['token_id']}  {row['seat']:<6}  {row['agent_id']:<20}  {state:<7}  {row['label'] or ''}")
    return EXIT_OK


@with_database
def _revoke(db: Database, args: argparse.Namespace) -> int:
    if not revoke_token(db, args.token_id):
        return fail(f"no token {args.token_id!r}", EXIT_FAILURE)
    if args.json:
        emit_json({"revoked": args.token_id})
    else:
        print(f"revoked {args.token_id}")
    return EXIT_OK
