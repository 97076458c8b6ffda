"""Who is acting: the authenticated identity of the request, as the store's writers record it."""

from __future__ import annotations

from api.context import Context
from graphdb.history import Actor


def actor(context: Context) -> Actor:
    assert context.identity is not None, "authentication runs before any resolver"
    return Actor(context.identity.seat, context.identity.agent_id)
