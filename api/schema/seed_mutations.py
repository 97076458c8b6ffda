"""importSeed: the owner's operator gesture that sets a store to exactly a seed."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.context import Info
from api.permissions import OWNER_ONLY, refuse_unless
from api.resolvers import seeds as resolve
from api.schema import store as types
from api.schema.results import Refused, VersionConflict
from rooms.contract import ContractError
from rooms.store_rules import VersionConflict as Conflict


@strawberry.input
class ImportSeedInput:
    seed: str = strawberry.field(description="The seed JSON (system-block-seed-v0).")
    expected_store_version: int | None = strawberry.field(
        default=None, description="The version you read; null (or 0) when the repository has no store yet."
    )


@strawberry.type
class SeedImported:
    store: types.Store


ImportSeedResult = Annotated[SeedImported | VersionConflict | Refused, strawberry.union("ImportSeedResult")]


@strawberry.type
class SeedMutation:
    @strawberry.mutation(
        description="OWNER only. Set a repository's store to exactly this seed "
        "(refused with a code when the seed is malformed; nothing written)."
    )
    async def import_seed(self, info: Info, input: ImportSeedInput) -> ImportSeedResult:
        refused = refuse_unless(info, OWNER_ONLY)
        if refused:
            return refused
        outcome = await resolve.import_seed(info.context, input.seed, input.expected_store_version)
        if isinstance(outcome, ContractError):
            return Refused(code=outcome.code, message=outcome.message)
        if isinstance(outcome, Conflict):
            return VersionConflict(expected=outcome.expected, actual=outcome.actual)
        return SeedImported(store=types.store(outcome))
