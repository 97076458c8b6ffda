"""Request limits for /graphql: depth, aliases, tokens, body size; introspection switch; masked errors.

A breach answers at once with a clear error, before any resolver runs. Unexpected exceptions inside
resolvers are masked ("Unexpected error.") so no stack trace, driver message or Cypher leaves the server;
validation and limit errors keep their messages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from graphql import GraphQLError
from graphql.validation import ASTValidationRule, NoSchemaIntrospectionCustomRule
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.extensions import AddValidationRules, MaskErrors, MaxTokensLimiter, SchemaExtension
from strawberry.extensions.max_aliases import create_validator as aliases_rule
from strawberry.extensions.query_depth_limiter import create_validator as depth_rule

ExtensionFactory = Callable[[], SchemaExtension]


@dataclass(frozen=True)
class GraphQLLimits:
    max_depth: int = 12
    max_aliases: int = 32
    max_tokens: int = 5_000
    introspection: bool = True

    def extensions(self) -> list[ExtensionFactory]:
        """Factories, not instances: Strawberry builds each extension afresh for every request, so no
        request's state can leak into another running at the same time. The validation rules are built
        here, once: the same rule classes on every request keep the validation cache hitting."""
        rules: list[type[ASTValidationRule]] = [depth_rule(self.max_depth, None, None), aliases_rule(self.max_aliases)]
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
