"""Curation missions as GraphQL types, inputs and result unions."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.context import Info
from api.resolvers import mission_reads as resolve
from api.schema import store as types
from api.schema.edit_types import LeaseBusy
from api.schema.results import Refused
from rooms import missions as m

MissionStateEnum = strawberry.enum(m.MissionState, name="MissionState")


@strawberry.type(description="One letter of a mission's chain (plain text; render it escaped).")
class MissionLetter:
    seq: int
    author: str
    seat: str
    body: str
    at: str


def letter(model: m.Letter) -> MissionLetter:
    return MissionLetter(seq=model.seq, author=model.author, seat=model.seat, body=model.body, at=model.at)


@strawberry.type(
    description="A curation mission (F11 §3): OPEN → CLAIMED by a hand → DELIVERED with the store "
    "version it produced and a summary. The owner's landing is ratifyBlocks."
)
class Mission:
    mission_id: strawberry.ID
    repo_id: strawberry.ID
    state: MissionStateEnum  # type: ignore[valid-type]
    note: str
    opened_by: str
    opened_at: str
    base_store_version: int = strawberry.field(description="The store version the packet was made from.")
    claimed_by: str | None
    claimed_at: str | None
    delivered_store_version: int | None
    delivered_at: str | None
    summary: str | None

    @strawberry.field(description="The mission-letter chain, oldest first.")
    async def letters(self, info: Info) -> list[MissionLetter]:
        return [letter(x) for x in await resolve.letters(info.context, str(self.mission_id))]

    @strawberry.field(
        description="The curation packet as JSON: the candidate seed, the scan report (null when "
        "there is none), the owner's note and a review summary."
    )
    async def packet(self, info: Info) -> str | None:
        return await resolve.packet(info.context, str(self.mission_id))


def mission(model: m.Mission) -> Mission:
    return Mission(
        mission_id=strawberry.ID(model.mission_id),
        repo_id=strawberry.ID(model.repo_id),
        state=model.state,
        note=model.note,
        opened_by=model.opened_by,
        opened_at=model.opened_at,
        base_store_version=model.base_store_version,
        claimed_by=model.claimed_by,
        claimed_at=model.claimed_at,
        delivered_store_version=model.delivered_store_version,
        delivered_at=model.delivered_at,
        summary=model.summary,
    )


@strawberry.input
class SendToCurationInput:
    repo_id: strawberry.ID
    note: str = strawberry.field(default="", description="The owner's note to the hand (plain text).")


@strawberry.type
class MissionOpened:
    mission: Mission


@strawberry.input
class ClaimMissionInput:
    mission_id: strawberry.ID
    ttl_secs: int = strawberry.field(default=900, description="The advisory lease's time to live.")


@strawberry.type(
    description="The mission is yours, and so is the candidate's advisory lease (refresh it with "
    "candidateLease while you work; it never blocks the owner)."
)
class MissionClaimed:
    mission: Mission
    lease: types.Lease


@strawberry.input
class PostMissionLetterInput:
    mission_id: strawberry.ID
    body: str


@strawberry.type
class LetterPosted:
    letter: MissionLetter


@strawberry.input
class DeliverMissionInput:
    mission_id: strawberry.ID
    store_version: int = strawberry.field(description="The store version your edits produced.")
    summary: str = strawberry.field(description="What you did, for the owner (kept as the last letter).")


@strawberry.type
class MissionDelivered:
    mission: Mission


SendToCurationResult = Annotated[MissionOpened | Refused, strawberry.union("SendToCurationResult")]
ClaimMissionResult = Annotated[MissionClaimed | LeaseBusy | Refused, strawberry.union("ClaimMissionResult")]
PostMissionLetterResult = Annotated[LetterPosted | Refused, strawberry.union("PostMissionLetterResult")]
DeliverMissionResult = Annotated[MissionDelivered | Refused, strawberry.union("DeliverMissionResult")]
