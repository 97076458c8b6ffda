"""Request limits for /graphql: depth, cost, tokens, body size, response size, executions per token;
introspection switch; masked errors.

A breach of the depth, cost (``api.cost``), token or body limit answers at once with a clear error, before
any resolver runs. Unexpected exceptions inside resolvers are masked ("Unexpected error.") so no stack
trace, driver message or Cypher leaves the server; validation and limit errors keep their messages.

Two limits act around execution, each refusing with a code in ``extensions.code``:

- ``SeatSlots``: at most N GraphQL executions at a time per token; one more waits for a slot, briefly
  (the screen fires a few reads at once, and a client's burst should queue rather than fail), and past the
  wait is refused with HTTP 429, ``Retry-After`` and ``TOO_MANY_REQUESTS``. A refused request ran nothing.
- ``too_large``: an answer whose JSON is over the cap is replaced by ``RESPONSE_TOO_LARGE`` (HTTP 200,
  ``data: null``): the cost budget keeps such answers rare, the cap keeps one from being sent or kept. The
  operation did run: a mutation refused this way was applied (read the store to see it). The answer is
  encoded once before its size is known, so its bytes exist for that moment; what bounds how large they
  can grow is the budget.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from graphql import GraphQLError
from graphql.validation import ASTValidationRule, NoSchemaIntrospectionCustomRule
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.extensions import AddValidationRules, MaskErrors, MaxTokensLimiter, SchemaExtension
from strawberry.extensions.query_depth_limiter import create_validator as depth_rule

from api.cost import cost_rule

ExtensionFactory = Callable[[], SchemaExtension]
TOO_MANY_REQUESTS, RESPONSE_TOO_LARGE = "TOO_MANY_REQUESTS", "RESPONSE_TOO_LARGE"


@dataclass(frozen=True)
class GraphQLLimits:
    max_depth: int = 12
    max_cost: int = 30_000
    max_tokens: int = 5_000
    introspection: bool = True

    def extensions(self) -> list[ExtensionFactory]:
        """Factories, not instances: Strawberry builds each extension afresh for every request, so no
        request's state can leak into another running at the same time. The validation rules are built
        here, once: the same rule classes on every request keep the validation cache hitting."""
        rules: list[type[ASTValidationRule]] = [depth_rule(self.max_depth, None, None), cost_rule(self.max_cost)]
        if not self.introspection:
            rules.append(NoSchemaIntrospectionCustomRule)
        return [
            partial(AddValidationRules, rules),
            partial(MaxTokensLimiter, max_token_count=self.max_tokens),
            partial(MaskErrors, should_mask_error=_unexpected),
        ]


def _unexpected(error: GraphQLError) -> bool:
    """Mask errors raised by our code (bugs, outages); keep the ones GraphQL itself reports."""
    original = error.original_error
    return original is not None and not isinstance(original, GraphQLError)


class BodyLimit:
    """ASGI middleware: a request body over ``max_bytes`` is refused with 413 before anything runs.

    The whole body is read first, chunked ones included, and only a body within the limit reaches the app:
    a request refused for its size has executed nothing, not even the part that arrived in time.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        received = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before its request was whole
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > self.max_bytes:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole: list[Message] = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replay() -> Message:
            return whole.pop() if whole else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"errors": [{"message": f"request body over {self.max_bytes} bytes"}]}, status_code=413)
        await response(scope, receive, send)


def too_large(size: int, cap: int) -> dict[str, Any]:
    """The answer that replaces one whose JSON is ``size`` bytes, over ``cap``."""
    message = (
        f"response too large: {size} bytes, over the cap of {cap}; ask for less (a page at a time). "
        "The operation ran: a mutation's write, if any, was applied"
    )
    return {
        "data": None,
        "errors": [{"message": message, "extensions": {"code": RESPONSE_TOO_LARGE, "bytes": size, "cap": cap}}],
    }


class SeatSlots:
    """At most ``per_token`` executions at a time per token; a request beyond waits up to ``wait_s`` for a
    slot. Used from the event loop only."""

    def __init__(self, per_token: int, wait_s: float) -> None:
        self.per_token, self.wait_s = per_token, wait_s
        self._slots: dict[str, tuple[asyncio.Semaphore, list[int]]] = {}  # token id -> slots, requests using them

    @contextlib.asynccontextmanager
    async def slot(self, token_id: str) -> AsyncIterator[bool]:
        """Yields True holding a slot of ``token_id``'s, or False when none came free in time."""
        slots, users = self._slots.setdefault(token_id, (asyncio.Semaphore(self.per_token), [0]))
        users[0] += 1
        held = False
        try:
            try:
                async with asyncio.timeout(self.wait_s):
                    await slots.acquire()
                held = True
            except TimeoutError:
                pass
            yield held
        finally:  # also when the client went away while it waited
            if held:
                slots.release()
            users[0] -= 1
            if not users[0]:
                del self._slots[token_id]  # no token's semaphore outlives its requests

    def refusal(self) -> JSONResponse:
        message = f"too many requests: {self.per_token} at a time per token; retry shortly"
        return JSONResponse(
            {"errors": [{"message": message, "extensions": {"code": TOO_MANY_REQUESTS, "limit": self.per_token}}]},
            status_code=429,
            headers={"retry-after": "1"},
        )
