"""Bearer-token authentication for /graphql.

Every GraphQL request carries ``Authorization: Bearer <token>``; the token maps to a seat and an
agent id. Without a valid token the answer is 401 and nothing else. The GraphiQL page itself (a GET
that asks for HTML, with no query) is served without a token: it holds no data. While Neo4j is down,
a token it confirmed recently is still accepted (``api.stale_reads``); any other answers 503.
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
    stale_reads = request.app.state.stale_reads
    try:
        identity = await run_in_threadpool(identify, request.app.state.db, token)
    except DatabaseUnavailable:
        # Neo4j cannot check the token now: a token it confirmed recently still identifies its holder.
        remembered = stale_reads.identity(token)
        return remembered if remembered is not None else unavailable_response()
    return settle_identity(request, token, identity)


def settle_identity(request: Request, token: str, identity: Identity | None) -> Identity | Response:
    """What the database said about ``token``: its identity (remembered for outages), or a 401."""
    stale_reads = request.app.state.stale_reads
    if identity is None:
        stale_reads.identity_refused(token)
        return _unauthorized("invalid or revoked token")
    stale_reads.identity_confirmed(token, identity)
    return identity


def _unauthorized(reason: str) -> Response:
    return JSONResponse(
        {"errors": [{"message": f"unauthorized: {reason}"}]},
        status_code=401,
        headers={"www-authenticate": 'Bearer realm="coderooms"'},
    )
