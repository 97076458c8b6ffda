"""Store reads computed without Strawberry's HTTP and extension layers, once their document has proven itself.

When a kept answer (``api.read_cache``) is missing because the store moved on, the same document is asked
again with the same variables: only the data differ. Run through Strawberry's HTTP view and schema, such a
read spent most of its time in the layers around the executor (decoding the body again, building and
running the extension hooks, hashing the parsed document to find its validation, building the response),
not in resolvers: measured on the screen's map read, about 5 ms of a 6.5 ms miss.

So a request (document, operation name, Accept header) whose full run answered completely — it parsed and
passed every validation rule, the request limits included, and gave data with no errors and no
extensions — is *proven*. Its document depends on nothing but its text, so it passes them again; a proven
read is executed directly (graphql-core's ``execute`` with the schema's own executor and the request's
context) and its data answered through the view's own response builder. Anything else that can happen —
a variable that does not coerce, a resolver error, an outage, a stale answer — makes the result incomplete,
and then the full run answers instead, from the start (a read can run twice; it changes nothing).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from inspect import isawaitable
from typing import Any

import strawberry
from graphql import DocumentNode, execute
from strawberry.execution import optimized_is_awaitable

from api.context import Context
from api.read_cache import parsed

PROVEN_SIZE = 256


@dataclass(frozen=True)
class ProvenRequest:
    operation_name: str | None
    variables: dict[str, Any]
    document: DocumentNode


class ProvenDocuments:
    """The requests (document, operation name, Accept header) that answered completely through the full run;
    bounded, least recently used out first. Event-loop only, as the response cache."""

    def __init__(self, size: int = PROVEN_SIZE) -> None:
        self.size = size
        self._proven: OrderedDict[Hashable, None] = OrderedDict()

    def prove(self, payload: dict[str, Any], accept: str) -> None:
        key = _key(payload, accept)
        self._proven[key] = None
        self._proven.move_to_end(key)
        while len(self._proven) > self.size:
            self._proven.popitem(last=False)

    def find(self, payload: dict[str, Any], accept: str) -> ProvenRequest | None:
        """The request, with its document parsed (the read cache's parse: ``store_read`` parsed it already)."""
        if _key(payload, accept) not in self._proven:
            return None
        document = parsed(payload["query"])
        if document is None:  # cannot be: the full run parsed it
            return None
        return ProvenRequest(payload.get("operationName"), payload.get("variables") or {}, document)


def _key(payload: dict[str, Any], accept: str) -> Hashable:
    return payload["query"], payload.get("operationName"), accept


async def complete_data(schema: strawberry.Schema, request: ProvenRequest, context: Context) -> dict[str, Any] | None:
    """The data of a complete answer to ``request`` (None: errors, or a stale answer to report, so the full
    run must answer). The executor is the schema's own; no extension hooks a resolver, so none is missed."""
    result = execute(
        schema._schema, request.document, context_value=context, variable_values=request.variables,
        operation_name=request.operation_name, executor_class=schema.execution_context_class,
        is_awaitable=optimized_is_awaitable, operation_extensions=None,
    )
    if isawaitable(result):
        result = await result
    if result.errors or result.data is None or context.stale_served:
        return None
    return result.data
