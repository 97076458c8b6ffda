"""Curation missions (F11 §3): the owner sends the candidate to a hand; the hand claims, edits through
candidateEdit, writes letters and delivers; the owner reviews and ratifies."""

from __future__ import annotations

import strawberry

from api.context import Info
from api.permissions import AGENTS, EDITORS, OWNER_ONLY, refuse_unless
from api.resolvers import missions as resolve
from api.schema.mission_types import (
    ClaimMissionInput,
    ClaimMissionResult,
    DeliverMissionInput,
    DeliverMissionResult,
    Mission,
    MissionStateEnum,
    PostMissionLetterInput,
    PostMissionLetterResult,
    SendToCurationInput,
    SendToCurationResult,
    mission,
)


@strawberry.type
class MissionQuery:
    @strawberry.field(description="Curation missions, oldest first (optionally of one state or repository).")
    async def missions(
        self,
        info: Info,
        state: MissionStateEnum | None = None,  # type: ignore[valid-type]
        repo_id: strawberry.ID | None = None,
    ) -> list[Mission]:
        found = await resolve.list_missions(info.context, state, None if repo_id is None else str(repo_id))
        return [mission(x) for x in found]

    @strawberry.field(description="One curation mission.")
    async def mission(self, info: Info, mission_id: strawberry.ID) -> Mission | None:
        found = await resolve.get_mission(info.context, str(mission_id))
        return None if found is None else mission(found)


@strawberry.type
class MissionMutation:
    @strawberry.mutation(
        description="OWNER only. Send the candidate to an agent for curation: opens a mission "
        "whose packet is the candidate seed, the scan report and this note."
    )
    async def send_to_curation(self, info: Info, input: SendToCurationInput) -> SendToCurationResult:
        return refuse_unless(info, OWNER_ONLY) or await resolve.send_to_curation(info.context, input)

    @strawberry.mutation(
        description="AGENT only. Claim an open mission (or one whose hand's lease expired): takes "
        "the candidate's advisory lease; LeaseBusy while another hand holds it."
    )
    async def claim_mission(self, info: Info, input: ClaimMissionInput) -> ClaimMissionResult:
        return refuse_unless(info, AGENTS) or await resolve.claim_mission(info.context, input)

    @strawberry.mutation(description="OWNER, or the AGENT holding the mission. Add a plain-text letter to its chain.")
    async def post_mission_letter(self, info: Info, input: PostMissionLetterInput) -> PostMissionLetterResult:
        return refuse_unless(info, EDITORS) or await resolve.post_letter(info.context, input)

    @strawberry.mutation(
        description="AGENT holding the mission only. Deliver it: the store version your edits "
        "produced and a summary letter; releases your lease. Never ratifies."
    )
    async def deliver_mission(self, info: Info, input: DeliverMissionInput) -> DeliverMissionResult:
        return refuse_unless(info, AGENTS) or await resolve.deliver_mission(info.context, input)
