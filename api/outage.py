"""How a database outage shows to GraphQL clients: one stable, retryable signal.

Whatever needed Neo4j while it does not answer is refused with an error whose ``extensions.code`` is
``DATABASE_UNAVAILABLE``, and the whole response is HTTP 503 with ``Retry-After``; so is any request at all,
since a token is only taken on the database's word (``api.auth``). Nothing is answered from memory: a store
read is the store now or nothing. An outage is not an outcome of the request (like a conflict, which is
schema data): it is the server's state, which clients and proxies retry on. A write refused this way was not
applied, and it will not be later: the API retries a transaction for a bounded time only
(``graphdb.fail_fast``), far shorter than a server takes to come back. Only a commit that raced the outage
may have been applied, which is why a retry should reuse its ``batchId`` (a recorded batch answers with its
recorded result, so it is applied at most once).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from graphql import GraphQLError
from starlette.responses import JSONResponse
from strawberry.extensions import SchemaExtension

from graphdb.errors import DatabaseUnavailable
from rooms.contract import ErrorCode

CODE = ErrorCode.DATABASE_UNAVAILABLE.name  # as GraphQL spells the enum
RETRY_AFTER_S = 2
MESSAGE = "database unavailable; try again shortly (a retried write should reuse its batchId)"

_log = logging.getLogger("coderooms.outage")


def unavailable_response() -> JSONResponse:
    """The answer when not even the caller's identity can be established."""
    return JSONResponse(
        {"errors": [{"message": MESSAGE, "extensions": {"code": CODE}}]},
        status_code=503,
        headers={"retry-after": str(RETRY_AFTER_S)},
    )


class DatabaseOutage(SchemaExtension):
    """Codes outage errors (before ``MaskErrors`` would hide them: list it after MaskErrors)."""

    def on_operation(self) -> Iterator[None]:
        yield
        result = self.execution_context.result
        if result is None:
            return
        errors = getattr(result, "errors", None)
        if not errors or not any(isinstance(e.original_error, DatabaseUnavailable) for e in errors):
            return
        result.errors = [_coded(e) if isinstance(e.original_error, DatabaseUnavailable) else e for e in errors]
        response = self.execution_context.context.response
        if response is not None:
            response.status_code = 503
            response.headers["retry-after"] = str(RETRY_AFTER_S)


def _coded(error: GraphQLError) -> GraphQLError:
    return GraphQLError(
        MESSAGE,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        extensions={"code": CODE},
    )


def log_briefly(errors: list[GraphQLError]) -> list[GraphQLError]:
    """Log outage refusals in one line (a traceback each would bury real errors during an outage);
    return the other errors, for the usual logging."""
    outages = [e for e in errors if isinstance(e.original_error, DatabaseUnavailable)]
    if outages:
        fields = ", ".join(".".join(map(str, e.path or [])) for e in outages)
        _log.warning("database unavailable: refused %s (%s)", fields, outages[0].original_error)
    return [e for e in errors if not isinstance(e.original_error, DatabaseUnavailable)]
