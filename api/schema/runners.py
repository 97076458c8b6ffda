"""The runner registry (OWNER-managed) and "Name with runner" (F11 §2b)."""

from __future__ import annotations

import strawberry

from api.context import Info
from api.permissions import EDITORS, OWNER_ONLY, refuse_unless, require_seat
from api.resolvers import runners as resolve
from api.schema.runner_types import (
    AddRunnerInput,
    AddRunnerResult,
    NameWithRunnerInput,
    NameWithRunnerResult,
    PinRunnerInput,
    PinRunnerResult,
    RemoveRunnerInput,
    RemoveRunnerResult,
    Runner,
    RunnerRoleEnum,
)


@strawberry.type
class RunnerQuery:
    @strawberry.field(
        description="OWNER and AGENT only. Registered runners (optionally of one role; with repoId, the "
        "installation-wide ones and that repository's own)."
    )
    async def runners(
        self,
        info: Info,
        role: RunnerRoleEnum | None = None,  # type: ignore[valid-type]
        repo_id: strawberry.ID | None = None,
    ) -> list[Runner]:
        require_seat(info, EDITORS, "runners")  # their commands and endpoints are not for readers
        return await resolve.list_runners(info.context, role, None if repo_id is None else str(repo_id))


@strawberry.type
class RunnerMutation:
    @strawberry.mutation(
        description="OWNER only. Register a runner (unpinned unless `pin`). Refused with "
        "invalid_runner or runner_exists."
    )
    async def add_runner(self, info: Info, input: AddRunnerInput) -> AddRunnerResult:
        return refuse_unless(info, OWNER_ONLY) or await resolve.add_runner(info.context, input)

    @strawberry.mutation(
        description="OWNER only. Pin a runner for its role and scope (the one pinned before is "
        "unpinned), or unpin it with pinned: false."
    )
    async def pin_runner(self, info: Info, input: PinRunnerInput) -> PinRunnerResult:
        return refuse_unless(info, OWNER_ONLY) or await resolve.pin_runner(info.context, input)

    @strawberry.mutation(description="OWNER only. Remove a runner from the registry.")
    async def remove_runner(self, info: Info, input: RemoveRunnerInput) -> RemoveRunnerResult:
        return refuse_unless(info, OWNER_ONLY) or await resolve.remove_runner(info.context, input)

    @strawberry.mutation(
        description="OWNER or AGENT. Ask the pinned naming runner to name the selected blocks "
        "(default: every block that still needs owner naming). Its answers are "
        "sanitized as hostile input and applied as ONE candidateEdit rename batch "
        "made by the runner (namedBy RUNNER), under optimistic concurrency; blocks "
        "whose answer failed keep their heuristic label, marked. Refused with "
        "no_runner, no_store, skeleton_not_candidate or unknown_block."
    )
    async def name_with_runner(self, info: Info, input: NameWithRunnerInput) -> NameWithRunnerResult:
        return refuse_unless(info, EDITORS, input.agent_id) or await resolve.name_with_runner(info.context, input)
