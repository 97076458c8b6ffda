"""The GraphQL schema: root types composed from one module per domain."""

from __future__ import annotations

from functools import partial

import strawberry
from graphql import GraphQLError
from strawberry.extensions import ParserCache, SchemaExtension, ValidationCache
from strawberry.types import ExecutionContext

from api.limits import ExtensionFactory, GraphQLLimits
from api.outage import DatabaseOutage, log_briefly
from api.schema.edit import EditMutation
from api.schema.missions import MissionMutation, MissionQuery
from api.schema.picture_fields import PictureMutation
from api.schema.runners import RunnerMutation, RunnerQuery
from api.schema.scan_fields import ScanMutation, ScanQuery
from api.schema.seed_mutations import SeedMutation
from api.schema.server import ServerQuery
from api.schema.store_queries import StoreQuery


@strawberry.type
class Query(ServerQuery, StoreQuery, ScanQuery, RunnerQuery, MissionQuery):
    pass


@strawberry.type
class Mutation(ScanMutation, EditMutation, SeedMutation, RunnerMutation, MissionMutation, PictureMutation):
    pass


class _Schema(strawberry.Schema):
    """Logs outage refusals in one line each, other errors as Strawberry does."""

    def process_errors(self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None) -> None:
        super().process_errors(log_briefly(errors), execution_context)


def build_schema(limits: GraphQLLimits | None = None) -> strawberry.Schema:
    """The schema with the request limits (defaults: `GraphQLLimits()`) and the outage signal as extensions.

    `DatabaseOutage` comes after `MaskErrors`: extensions finish in reverse order, so it codes outage
    errors before they would be masked. Parsed and validated documents are cached (after the limits, whose
    rules are part of validation): the screen and agents send the same few documents again and again, and
    validating one costs more than the database read behind it.
    """
    extensions: list[ExtensionFactory | type[SchemaExtension]] = [
        *(limits or GraphQLLimits()).extensions(),
        partial(ParserCache, maxsize=256),
        partial(ValidationCache, maxsize=256),
        DatabaseOutage,
    ]
    return _Schema(query=Query, mutation=Mutation, extensions=extensions)


def sdl() -> str:
    return build_schema().as_str() + "\n"
