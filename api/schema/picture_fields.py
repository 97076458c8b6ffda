"""``placeBlocks``: where blocks sit in the picture (the picture's reads are fields of ``Block``)."""

from __future__ import annotations

import strawberry

from api.context import Info
from api.permissions import EDITORS, refuse_unless
from api.resolvers import picture as resolve
from api.schema.picture import PlaceBlocksInput, PlaceBlocksResult


@strawberry.type
class PictureMutation:
    @strawberry.mutation(
        description="OWNER or AGENT. Store where blocks sit in the picture (each one then `locked`), on a "
        "candidate or a ratified skeleton alike: a position is not a boundary, so no expectedStoreVersion, no "
        "version bump and no history line. Written under the store lock onto the latest blocks, so it never "
        "undoes a concurrent edit and never makes one conflict. Refused: no_store, unknown_block."
    )
    async def place_blocks(self, info: Info, input: PlaceBlocksInput) -> PlaceBlocksResult:
        return refuse_unless(info, EDITORS, input.agent_id) or await resolve.place_blocks(info.context, input)
