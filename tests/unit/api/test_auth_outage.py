"""A token is taken on the database's word only: once the database stops answering, a token it confirmed a
moment ago answers 503 like any other (issue 34: a revoked token kept working from a cache during an outage)."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response

from api.auth import authenticate
from graphdb.errors import DatabaseUnavailable
from graphdb.tokens import TOKEN_PREFIX, Identity, token_hash
from rooms.contract import Seat

TOKEN = TOKEN_PREFIX + "a-token-of-ours"


class FlakyDatabase:
    """Answers the token lookup until ``down`` is set."""

    def __init__(self) -> None:
        self.down = False

    def rows(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        if self.down:
            raise DatabaseUnavailable("Neo4j is not answering")
        assert name == "token_lookup" and params["token_hash"] == token_hash(TOKEN)
        return [{"token_id": "tok_1", "token_hash": token_hash(TOKEN), "seat": "owner", "agent_id": "owner"}]


def _authenticate(app: Starlette) -> Identity | Response:
    scope = {"type": "http", "method": "POST", "headers": [(b"authorization", f"Bearer {TOKEN}".encode())], "app": app}
    return asyncio.run(authenticate(Request(scope)))


def test_a_token_confirmed_before_an_outage_is_not_accepted_during_it() -> None:
    app, db = Starlette(), FlakyDatabase()
    app.state.db = db
    assert _authenticate(app) == Identity(token_id="tok_1", seat=Seat.OWNER, agent_id="owner")
    db.down = True
    refused = _authenticate(app)
    assert isinstance(refused, Response) and refused.status_code == 503
    assert b"DATABASE_UNAVAILABLE" in refused.body
