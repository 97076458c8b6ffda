"""Bearer-token authentication for /graphql.

Every GraphQL request carries ``Authorization: Bearer <token>``; the token maps to a seat and an
agent id. Without a valid token the answer is 401 and nothing else. The GraphiQL page itself (a GET
that asks for HTML, with no query) is served without a token: it holds no data. While Neo4j is down,
every request answers 503: a token is only ever taken on the database's word now, never on a remembered
one, so a revoked token stops working at once, outage or not.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from api.outage import unavailable_response
from graphdb.errors import DatabaseUnavailable
from graphdb.tokens import Identity, identify


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def is_ide_page(request: Request) -> bool:
    return (
        request.method == "GET"
        and "text/html" in request.headers.get("accept", "")
        and "query" not in request.query_params
    )


async def authenticate(request: Request) -> Identity | Response:
    token = bearer_token(request)
    if token is None:
        return _unauthorized("missing bearer token")
    try:
        identity = await run_in_threadpool(identify, request.app.state.db, token)
    except DatabaseUnavailable:
        return unavailable_response()  # whether the token is still valid cannot be known now
    return settle_identity(identity)


def settle_identity(identity: Identity | None) -> Identity | Response:
    """What the database said about a token: its identity, or a 401."""
    return _unauthorized("invalid or revoked token") if identity is None else identity


def _unauthorized(reason: str) -> Response:
    return JSONResponse(
        {"errors": [{"message": f"unauthorized: {reason}"}]},
        status_code=401,
        headers={"www-authenticate": 'Bearer realm="coderooms"'},
    )
