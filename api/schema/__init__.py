"""The GraphQL schema: root types composed from one module per domain."""

from __future__ import annotations

import strawberry

from api.schema.server import ServerQuery


@strawberry.type
class Query(ServerQuery):
    pass


schema = strawberry.Schema(query=Query)


def sdl() -> str:
    return schema.as_str() + "\n"
