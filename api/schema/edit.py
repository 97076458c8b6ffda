"""candidateEdit, candidateLease and ratifyBlocks: the one editing contract humans and agents share."""

from __future__ import annotations

import strawberry

from api.context import Info
from api.permissions import EDITORS, OWNER_ONLY, refuse_unless
from api.resolvers import edit as resolve
from api.schema.edit_types import (
    CandidateEditInput,
    CandidateEditResult,
    CandidateLeaseInput,
    CandidateLeaseResult,
    RatifyBlocksInput,
    RatifyResult,
    ReconcileInput,
    ReconcileResult,
)


@strawberry.type
class EditMutation:
    @strawberry.mutation(
        description="OWNER or AGENT. Apply a batch of typed operations atomically under "
        "optimistic concurrency: all or nothing, one version bump."
    )
    async def candidate_edit(self, info: Info, input: CandidateEditInput) -> CandidateEditResult:
        return refuse_unless(info, EDITORS, input.agent_id) or await resolve.candidate_edit(info.context, input)

    @strawberry.mutation(
        description="OWNER or AGENT. The advisory curation lease: never required, never blocks, "
        "never bumps storeVersion."
    )
    async def candidate_lease(self, info: Info, input: CandidateLeaseInput) -> CandidateLeaseResult:
        return refuse_unless(info, EDITORS, input.agent_id) or await resolve.candidate_lease(info.context, input)

    @strawberry.mutation(
        description="OWNER only. Ratify all (or the selected) blocks; refuses blocks that still "
        "need owner naming or have an unresolved seam."
    )
    async def ratify_blocks(self, info: Info, input: RatifyBlocksInput) -> RatifyResult:
        return refuse_unless(info, OWNER_ONLY) or await resolve.ratify_blocks(info.context, input)

    @strawberry.mutation(
        description="OWNER or AGENT. Reconcile a store (ratified or candidate) against the files of the "
        "repository's latest scan; reports what happened to each block, and a reconcile that changes "
        "nothing writes nothing (same storeVersion)."
    )
    async def reconcile(self, info: Info, input: ReconcileInput) -> ReconcileResult:
        return refuse_unless(info, EDITORS) or await resolve.reconcile(info.context, input)
