"""skeletonCandidate (the scan verb) and the reading of a candidate: review queue, residue, report, zero-touch."""

from __future__ import annotations

import strawberry

from api.context import Info
from api.permissions import EDITORS, OWNER_ONLY, refuse_unless
from api.resolvers import scans as resolve
from api.resolvers import store as stores
from api.schema.results import Refused
from api.schema.scan_types import (
    BlockConnection,
    CancelScanInput,
    CancelScanResult,
    PageInfo,
    ScanJob,
    ScanReport,
    SkeletonCandidateInput,
    SkeletonCandidateResult,
    StartScanResult,
    UnmappedConnection,
    ZeroTouchStatus,
    page,
    review_connection,
    scan_report,
)
from rooms.review import unmapped_paths, zero_touch


def _seat_refused(info: Info, input: SkeletonCandidateInput) -> Refused | None:
    """A scan needs an editor's seat, and the OWNER's to rebind the repository to another directory."""
    return refuse_unless(info, OWNER_ONLY if input.rebind else EDITORS, input.agent_id)


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

    @strawberry.field(
        description="A scan job of this API process (startScan), or null when it is unknown here (never started "
        "here, or finished more than a few minutes ago)."
    )
    def scan_job(self, info: Info, job_id: strawberry.ID) -> ScanJob | None:
        return resolve.read_scan_job(info.context, str(job_id))

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
        "(the OWNER may pass rebind); `scan_in_progress`: another scan of it is running; "
        "`database_out_of_memory`: Neo4j refused a statement of the scan for lack of memory (the message says "
        "which limit and how to raise it)."
    )
    async def skeleton_candidate(self, info: Info, input: SkeletonCandidateInput) -> SkeletonCandidateResult:
        return _seat_refused(info, input) or await resolve.skeleton_candidate(info.context, input)

    @strawberry.mutation(
        description="OWNER or AGENT (the OWNER only with rebind), as skeletonCandidate. Starts the scan as a job "
        "in a worker thread of this API process and answers at once with it: poll scanJob for its phase and "
        "progress, and its result once it ends. Refused at once for the input skeletonCandidate refuses, "
        "`scan_in_progress` when a job of this repository is running here (a scan running elsewhere makes "
        "the job end FAILED with Refused `scan_in_progress`), `too_many_scans` when this process runs its limit."
    )
    async def start_scan(self, info: Info, input: SkeletonCandidateInput) -> StartScanResult:
        return _seat_refused(info, input) or await resolve.start_scan(info.context, input)

    @strawberry.mutation(
        description="OWNER or AGENT. Ask a running scan job to stop: it ends CANCELLED at the scan's next step "
        "(each phase, each parsed file) and deletes what it staged, so the map and the code graph stay as they "
        "were; a scan already writing ends as it would have. Answers the job (see cancelRequested), or Refused "
        "`unknown_scan_job`."
    )
    def cancel_scan(self, info: Info, input: CancelScanInput) -> CancelScanResult:
        refused = refuse_unless(info, EDITORS, input.agent_id)
        if refused:
            return refused
        return resolve.cancel_scan(info.context, str(input.job_id))
