"""Bearer-token authentication for /graphql.

Every GraphQL request carries ``Authorization: Bearer <token>``; the token maps to a seat and an
agent id. Without a valid token the answer is 401 and nothing else. The GraphiQL page itself (a GET
that asks for HTML, with no query) is served without a token: it holds no data.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from graphdb.errors import DatabaseUnavailable
from graphdb.tokens import Identity, identify


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def is_ide_page(request: Request) -> bool:
    return (request.method == "GET" and "text/html" in request.headers.get("accept", "")
            and "query" not in request.query_params)


async def authenticate(request: Request) -> Identity | Response:
    token = bearer_token(request)
    if token is None:
        return _unauthorized("missing bearer token")
    try:
        identity = await run_in_threadpool(identify, request.app.state.db, token)
    except DatabaseUnavailable:
        return JSONResponse({"errors": [{"message": "database unavailable; try again shortly"}]}, status_code=503,
                            headers={"retry-after": "2"})
    return identity if identity is not None else _unauthorized("invalid or revoked token")


def _unauthorized(reason: str) -> Response:
    return JSONResponse({"errors": [{"message": f"unauthorized: {reason}"}]}, status_code=401,
                        headers={"www-authenticate": 'Bearer realm="coderooms"'})
