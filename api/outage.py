"""How a database outage shows to GraphQL clients: one stable, retryable signal, and a stale marker.

- Whatever needed Neo4j and had no last-known-good answer is refused with an error whose
  ``extensions.code`` is ``DATABASE_UNAVAILABLE``, and the whole response is HTTP 503 with
  ``Retry-After``. An outage is not an outcome of the request (like a conflict, which is schema
  data): it is the server's state, which clients and proxies retry on. A write refused this way was
  not applied — unless the commit itself raced the outage, which is why a retry should reuse its
  ``batchId`` (a recorded batch answers with its recorded result, so it is applied at most once).
- Store reads answered from the cache (``api.stale_reads``) succeed (HTTP 200) and the response says
  so: ``extensions.stale = {"reason": "database_unavailable", "stores": [{repoId, storeVersion,
  readAt}]}``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from graphql import GraphQLError
from starlette.responses import JSONResponse
from strawberry.extensions import SchemaExtension

from graphdb.errors import DatabaseUnavailable
from rooms.contract import ErrorCode

CODE = ErrorCode.DATABASE_UNAVAILABLE.name  # as GraphQL spells the enum
REASON = ErrorCode.DATABASE_UNAVAILABLE.value
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
    """Codes outage errors (before ``MaskErrors`` would hide them: list it after MaskErrors) and marks
    stale answers. Reads ``context.stale_served``, filled by the resolvers that fell back on the cache."""

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

    def get_results(self) -> dict[str, Any]:
        served = self.execution_context.context.stale_served
        if not served:
            return {}
        stores = [
            {
                "repoId": repo_id,
                "storeVersion": stale.store.store_version,
                "readAt": stale.read_at.isoformat().replace("+00:00", "Z"),
            }
            for repo_id, stale in sorted(served.items())
        ]
        return {"stale": {"reason": REASON, "stores": stores}}


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
