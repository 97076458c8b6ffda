"""`coderooms curate --mission ID --token TOKEN [--url URL]`: run the reference curation hand.

The hand talks to a running API over GraphQL only, with an AGENT token (``--token``, or the
``CODEROOMS_TOKEN`` environment variable, which keeps it out of the process list).
Exit codes: 0 delivered, 1 the API failed, 2 bad input, 3 the mission cannot be worked (another hand's
live lease, delivered already, a refusal).
"""

from __future__ import annotations

import argparse

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from api.cli.output import EXIT_BAD_INPUT, EXIT_CONFLICT, EXIT_FAILURE, EXIT_OK, emit_json, fail, progress
from api.hand import HandClient, HandError, HandStopped, curate
from rooms.contract import ErrorCode
from rooms.missions.hand import SIZE_FLOOR

DEFAULT_URL = "http://127.0.0.1:8000/graphql"


class HandSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CODEROOMS_", extra="ignore")

    token: SecretStr | None = None


def register(commands: argparse._SubParsersAction) -> None:
    hand = commands.add_parser("curate", help="run the reference curation hand on a mission (over GraphQL)")
    hand.add_argument("--mission", required=True, help="the mission id (see the `missions` query)")
    hand.add_argument("--token", default=None, help="an AGENT token (default: $CODEROOMS_TOKEN)")
    hand.add_argument("--url", default=DEFAULT_URL, help=f"the GraphQL endpoint (default {DEFAULT_URL})")
    hand.add_argument(
        "--floor",
        type=int,
        default=SIZE_FLOOR,
        help=f"blocks with fewer members are merged into a neighbour (default {SIZE_FLOOR})",
    )
    hand.add_argument("--ttl", type=int, default=900, help="the advisory lease's time to live, seconds")
    hand.add_argument("--json", action="store_true")
    hand.set_defaults(handler=_curate)


def _curate(args: argparse.Namespace) -> int:
    secret = HandSettings().token
    token = args.token or (secret.get_secret_value() if secret is not None else None)
    if not token:
        return fail("an AGENT token is needed: --token or CODEROOMS_TOKEN", EXIT_BAD_INPUT)
    if args.floor < 1:
        return fail("--floor must be at least 1", EXIT_BAD_INPUT)
    try:
        with HandClient(args.url, token) as client:
            result = curate(client, args.mission, floor=args.floor, ttl_s=args.ttl, log=progress(args.json))
    except HandStopped as exc:
        return fail(str(exc), EXIT_BAD_INPUT if exc.code == ErrorCode.MISSION_NOT_FOUND else EXIT_CONFLICT)
    except HandError as exc:
        return fail(str(exc), EXIT_FAILURE)
    if args.json:
        emit_json(
            {
                "mission_id": result.mission_id,
                "repo_id": result.repo_id,
                "base_version": result.base_version,
                "delivered_version": result.delivered_version,
                "merged": {m.into: list(m.block_ids) for m in result.plan.merges},
                "seams_resolved": len(result.plan.seams),
                "residue_assigned": len(result.plan.residue),
                "runner_named": result.named,
                "kept_heuristic": result.kept_heuristic,
                "summary": result.summary(),
            }
        )
    else:
        print(result.summary())
    return EXIT_OK
