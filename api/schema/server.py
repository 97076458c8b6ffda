"""Server identity: which Code Rooms, Neo4j and GDS answer this endpoint."""

from __future__ import annotations

import strawberry

from api.context import Info
from api.resolvers import server as resolve


@strawberry.type(description="Versions of the running server and of the database behind it.")
class ServerInfo:
    version: str = strawberry.field(description="Code Rooms version.")
    neo4j_version: str = strawberry.field(description="Neo4j kernel version.")
    gds_version: str = strawberry.field(description="Graph Data Science plugin version.")


@strawberry.type
class ServerQuery:
    @strawberry.field(description="Versions of Code Rooms, Neo4j and GDS.")
    async def server_info(self, info: Info) -> ServerInfo:
        version, neo4j_version, gds_version = await resolve.server_info(info.context)
        return ServerInfo(version=version, neo4j_version=neo4j_version, gds_version=gds_version)
