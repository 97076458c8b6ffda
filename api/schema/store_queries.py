"""Queries over stores: repositories, a store, its blocks, the seed export."""

from __future__ import annotations

from typing import Annotated, Any, cast

import strawberry

from api.context import Info
from api.resolvers import store as resolve
from api.schema import store as types

HISTORY_PAGE_MAX = 500


@strawberry.type
class RepoSummary:
    repo_id: strawberry.ID
    store_version: int


@strawberry.type
class HistoryEntry:
    batch_id: strawberry.ID
    store_version: int
    kind: str
    seat: str
    agent_id: str
    ops: str = strawberry.field(description="The batch's operations as JSON.")
    summary: str
    at: str


@strawberry.type
class StoreQuery:
    @strawberry.field(description="Repositories that have a store.")
    async def repos(self, info: Info) -> list[RepoSummary]:
        rows = await resolve.list_repos(info.context)
        return [
            RepoSummary(repo_id=strawberry.ID(cast(str, r["repo_id"])), store_version=cast(int, r["store_version"]))
            for r in rows
        ]

    @strawberry.field(description="The store of a repository; null when it has none (version 0).")
    async def store(self, info: Info, repo_id: strawberry.ID) -> types.Store | None:
        model = await resolve.read_store(info.context, repo_id)
        return None if model is None else types.store(model)

    @strawberry.field(description="The blocks of a repository's live skeleton, in store order.")
    async def blocks(self, info: Info, repo_id: strawberry.ID) -> list[types.Block]:
        model = await resolve.read_store(info.context, repo_id)
        return [] if model is None else types.store(model).blocks

    @strawberry.field(description="One block of a repository's live skeleton.")
    async def block(self, info: Info, repo_id: strawberry.ID, block_id: strawberry.ID) -> types.Block | None:
        model = await resolve.read_store(info.context, repo_id)
        blocks = [] if model is None else types.store(model).blocks
        return next((b for b in blocks if b.block_id == block_id), None)

    @strawberry.field(description="The pending candidate revision over a ratified skeleton, if any.")
    async def candidate_revision(self, info: Info, repo_id: strawberry.ID) -> types.BlockMap | None:
        model = await resolve.read_store(info.context, repo_id)
        if model is None or model.candidate_revision is None:
            return None
        return types.block_map(model.candidate_revision)

    @strawberry.field(description="The advisory curation lease, when one is recorded (check `live`).")
    async def lease(self, info: Info, repo_id: strawberry.ID) -> types.Lease | None:
        model = await resolve.read_store(info.context, repo_id)
        return None if model is None else types.lease(model)

    @strawberry.field(
        description="The last writes to a store (scans, imports, edit batches, ratifications, reconciles), "
        "oldest first, up to the version the document's other store fields answer for. A page holds at most "
        f"{HISTORY_PAGE_MAX} lines; for the page before it, pass `before:` its first line's storeVersion "
        "(every write has its own version), until a page comes back shorter than `last`."
    )
    async def history(
        self,
        info: Info,
        repo_id: strawberry.ID,
        last: int = 20,
        before: Annotated[
            int | None, strawberry.argument(description="Only the writes below this storeVersion (the older page).")
        ] = None,
    ) -> list[HistoryEntry]:
        rows = await resolve.history(info.context, repo_id, max(1, min(last, HISTORY_PAGE_MAX)), before)
        return [HistoryEntry(**cast(dict[str, Any], row)) for row in rows]

    @strawberry.field(description="The live skeleton as seed JSON (system-block-seed-v0), byte-stable.")
    async def export_seed(self, info: Info, repo_id: strawberry.ID) -> str | None:
        return await resolve.export_seed(info.context, repo_id)
