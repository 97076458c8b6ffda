"""The GraphQL schema: root types composed from one module per domain."""

from __future__ import annotations

import strawberry

from api.limits import GraphQLLimits
from api.schema.edit import EditMutation
from api.schema.missions import MissionMutation, MissionQuery
from api.schema.runners import RunnerMutation, RunnerQuery
from api.schema.scan import ScanMutation, ScanQuery
from api.schema.seed_mutations import SeedMutation
from api.schema.server import ServerQuery
from api.schema.store_queries import StoreQuery


@strawberry.type
class Query(ServerQuery, StoreQuery, ScanQuery, RunnerQuery, MissionQuery):
    pass


@strawberry.type
class Mutation(ScanMutation, EditMutation, SeedMutation, RunnerMutation, MissionMutation):
    pass


def build_schema(limits: GraphQLLimits | None = None) -> strawberry.Schema:
    """The schema with the request limits as extensions (defaults: `GraphQLLimits()`)."""
    return strawberry.Schema(query=Query, mutation=Mutation, extensions=(limits or GraphQLLimits()).extensions())


def sdl() -> str:
    return build_schema().as_str() + "\n"
