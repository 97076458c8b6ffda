"""Seat rules for mutations and queries, enforced server-side from the token's identity (never from input)."""

from __future__ import annotations

from graphql import GraphQLError

from api.context import Info
from api.schema.results import Refused
from rooms.contract import ErrorCode, Seat

OWNER_ONLY = frozenset({Seat.OWNER})
EDITORS = frozenset({Seat.OWNER, Seat.AGENT})
AGENTS = frozenset({Seat.AGENT})


def require_seat(info: Info, seats: frozenset[Seat], what: str) -> None:
    """For queries, whose answers are data, not outcomes: a caller of another seat gets a coded GraphQL error."""
    identity = info.context.identity
    if identity is None or identity.seat not in seats:
        allowed = " and ".join(sorted(s.value.upper() for s in seats))
        code = ErrorCode.SEAT_FORBIDDEN.name  # as GraphQL spells the enum
        raise GraphQLError(f"{what} are listed to the {allowed} seats", extensions={"code": code})


def refuse_unless(info: Info, seats: frozenset[Seat], agent_id: str | None = None) -> Refused | None:
    """None when the caller's seat is allowed (and any input agentId is the token's own); else a refusal."""
    identity = info.context.identity
    if identity is None or identity.seat not in seats:
        allowed = " or ".join(sorted(s.value.upper() for s in seats))
        return Refused(code=ErrorCode.SEAT_FORBIDDEN, message=f"this mutation needs the {allowed} seat")
    if agent_id is not None and agent_id != identity.agent_id:
        return Refused(code=ErrorCode.SEAT_FORBIDDEN, message="agentId must be the token's own agent id")
    return None
