"""skeletonCandidate (the scan verb) and the reading of a candidate: review queue, residue, report, zero-touch."""

from __future__ import annotations

import strawberry

from api.context import Info
from api.permissions import EDITORS, OWNER_ONLY, refuse_unless
from api.resolvers import scans as resolve
from api.resolvers import store as stores
from api.schema.scan_types import (
    BlockConnection,
    PageInfo,
    ScanReport,
    SkeletonCandidateInput,
    SkeletonCandidateResult,
    UnmappedConnection,
    ZeroTouchStatus,
    page,
    review_connection,
    scan_report,
)
from rooms.review import unmapped_paths, zero_touch


@strawberry.type
class ScanQuery:
    @strawberry.field(description="The candidate's blocks to review, lowest support first, paged; honest totalCount.")
    async def review_queue(
        self, info: Info, repo_id: strawberry.ID, first: int = 16, after: str | None = None
    ) -> BlockConnection:
        model = await stores.read_store(info.context, repo_id)
        if model is None:
            return BlockConnection(total_count=0, nodes=[], page_info=PageInfo(has_next_page=False, end_cursor=None))
        shown = model.candidate_revision if model.candidate_revision is not None else model
        return review_connection(shown.blocks, first, after, shown)

    @strawberry.field(description="The unmapped residue, paged, with its true total.")
    async def unmapped(
        self, info: Info, repo_id: strawberry.ID, first: int = 100, after: str | None = None
    ) -> UnmappedConnection:
        model = await stores.read_store(info.context, repo_id)
        paths, total = unmapped_paths(model) if model is not None else ([], 0)
        items, page_info = page(paths, first, after)
        return UnmappedConnection(total_count=total, nodes=items, page_info=page_info)

    @strawberry.field(description="The report of the scan that wrote the current candidate.")
    async def report(self, info: Info, repo_id: strawberry.ID) -> ScanReport | None:
        doc = await resolve.report(info.context, repo_id)
        return None if doc is None else scan_report(doc)

    @strawberry.field(description="Is the map ready for one 'Ratify all'? (F11 §0)")
    async def zero_touch_status(self, info: Info, repo_id: strawberry.ID) -> ZeroTouchStatus | None:
        model = await stores.read_store(info.context, repo_id)
        if model is None:
            return None
        status = zero_touch(model.blocks)
        return ZeroTouchStatus(**status.__dict__)


@strawberry.type
class ScanMutation:
    @strawberry.mutation(
        description="OWNER or AGENT. Scan a repository inside the server's scan roots and write "
        "its candidate map in its own transaction: creates the store, replaces a "
        "candidate wholesale (inheriting nothing), or writes only candidateRevision "
        "over a ratified skeleton. The code graph is staged and made live only by the write that "
        "wins the version check: a VersionConflict or Refused leaves everything as it was. Refused "
        "`path_rebind_refused`: the repository is bound to the directory it was first scanned from "
        "(the OWNER may pass rebind); `scan_in_progress`: another scan of it is running."
    )
    async def skeleton_candidate(self, info: Info, input: SkeletonCandidateInput) -> SkeletonCandidateResult:
        refused = refuse_unless(info, OWNER_ONLY if input.rebind else EDITORS, input.agent_id)
        if refused:
            return refused
        return await resolve.skeleton_candidate(info.context, input)
