"""Types of the scan verb and of reading a candidate: connections, the scan report, the zero-touch status."""

from __future__ import annotations

import base64
from enum import Enum
from typing import Annotated

import strawberry
from strawberry.scalars import JSON

from api.schema import store as types
from api.schema.results import Refused, VersionConflict
from rooms import contract as c
from rooms.review import review_order


@strawberry.type
class PageInfo:
    has_next_page: bool
    end_cursor: str | None


@strawberry.type(description="Blocks, lowest support first. `totalCount` is every block, whatever the page size.")
class BlockConnection:
    total_count: int
    nodes: list[types.Block]
    page_info: PageInfo


@strawberry.type(description="Files no block claims. `totalCount` is the true total, whatever the page size.")
class UnmappedConnection:
    total_count: int
    nodes: list[str]
    page_info: PageInfo


def _offset(after: str | None) -> int:
    if not after:
        return 0
    try:
        return max(0, int(base64.urlsafe_b64decode(after.encode()).decode().removeprefix("offset:")) + 1)
    except (ValueError, UnicodeDecodeError):
        return 0


def window(first: int, after: str | None) -> tuple[int, int]:
    """(start, count) of the page `first` items after the cursor `after` (at most 500)."""
    return _offset(after), max(0, min(first, 500))


def page_info(start: int, shown: int, total: int) -> PageInfo:
    cursor = base64.urlsafe_b64encode(f"offset:{start + shown - 1}".encode()).decode() if shown else None
    return PageInfo(has_next_page=start + shown < total, end_cursor=cursor)


def page(items: list, first: int, after: str | None) -> tuple[list, PageInfo]:
    start, count = window(first, after)
    chosen = items[start : start + count]
    return chosen, page_info(start, len(chosen), len(items))


@strawberry.type
class Seam:
    path: str
    block_ids: list[strawberry.ID]


@strawberry.type(description="A block kept whole at one level (a build module) that also reads at a finer one.")
class SuggestedSplit:
    block_id: strawberry.ID
    directories: list[str]


@strawberry.type(description="How the candidate was made: fallback, seams, residue, algorithm and parameters.")
class ScanReport:
    fallback: str | None
    algorithm: str
    parameters: JSON
    naming: str
    block_count: int
    file_count: int
    multi_owner_seams: list[Seam]
    residue_count: int
    hubs: list[str]
    edge_sample_size: int
    suggested_splits: list[SuggestedSplit] = strawberry.field(
        description="Whole modules whose directories would be the next, finer cut (split presets)."
    )
    seeded: bool
    ingest: JSON
    timings: JSON
    kept_edited_files: int | None = strawberry.field(
        description="Set when the scan kept the last scan's map: the files edited since, none of which changed a "
        "node or edge of the code graph (the store was that scan's candidate, with the same levers and heuristic "
        "naming). Null when the scan built the map."
    )


def scan_report(doc: dict) -> ScanReport:
    return ScanReport(
        fallback=doc.get("fallback"),
        algorithm=doc.get("algorithm", ""),
        parameters=doc.get("parameters", {}),
        naming=doc.get("naming", ""),
        block_count=doc.get("block_count", 0),
        file_count=doc.get("file_count", 0),
        multi_owner_seams=[
            Seam(path=s["path"], block_ids=[strawberry.ID(b) for b in s["block_ids"]])
            for s in doc.get("multi_owner_seams", [])
        ],
        residue_count=doc.get("residue_count", 0),
        hubs=doc.get("hubs", []),
        edge_sample_size=doc.get("edge_sample_size", 0),
        suggested_splits=[
            SuggestedSplit(block_id=strawberry.ID(s["block_id"]), directories=list(s["directories"]))
            for s in doc.get("suggested_splits", [])
        ],
        seeded=bool(doc.get("seeded")),
        ingest=doc.get("ingest", {}),
        timings=doc.get("timings", {}),
        kept_edited_files=doc["kept"]["edited_files"] if doc.get("kept") else None,
    )


@strawberry.type
class ZeroTouchStatus:
    block_count: int
    runner_named: int
    owner_named: int
    needs_owner_naming: int
    unresolved_seams: int
    ready_to_ratify: bool
    line: str = strawberry.field(description='The header line, e.g. "all 12 blocks runner-named — ready to ratify".')


@strawberry.enum
class NamingMode(Enum):
    AUTO = "auto"
    HEURISTIC = "heuristic"


@strawberry.enum
class CandidateOutcome(Enum):
    CREATED_CANDIDATE_STORE = "created_candidate_store"
    REPLACED_CANDIDATE_STORE = "replaced_candidate_store"
    WROTE_CANDIDATE_REVISION = "wrote_candidate_revision"


@strawberry.input
class SkeletonCandidateInput:
    repo_id: strawberry.ID
    path: str = strawberry.field(description="A directory inside the server's scan roots.")
    expected_store_version: int | None = strawberry.field(
        default=None, description="The version you read; null (or 0) when the repository has no store yet."
    )
    review_limit: int = strawberry.field(default=16, description="Bounds `reviewQueue` here, never the map.")
    naming: NamingMode = NamingMode.AUTO
    rebind: bool = strawberry.field(
        default=False,
        description="Bind the repository to this path although it was scanned from another (the OWNER seat only; "
        "without it such a scan is refused with `path_rebind_refused`).",
    )
    agent_id: str | None = None


@strawberry.type
class CandidateWritten:
    outcome: CandidateOutcome
    store: types.Store
    report: ScanReport
    review_queue: BlockConnection = strawberry.field(
        description="The first `reviewLimit` blocks to review (of the revision when one was written)."
    )


SkeletonCandidateResult = Annotated[
    CandidateWritten | VersionConflict | Refused, strawberry.union("SkeletonCandidateResult")
]


def review_connection(
    model_blocks: list, first: int, after: str | None, within: c.SeedFile | c.Store | None = None
) -> BlockConnection:
    """`within`: the map the blocks are (a store or its revision), so `Block.files` resolves against it."""
    ordered = review_order(model_blocks)
    items, info = page(ordered, first, after)
    shared = {m.path for b in model_blocks for m in b.membership if m.role.value == "shared"}
    return BlockConnection(
        total_count=len(ordered),
        nodes=[types.block(b, frozenset(shared), within=within) for b in items],
        page_info=info,
    )


@strawberry.enum(description="Where a scan job is: RUNNING, or how it ended.")
class ScanJobState(Enum):
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"


@strawberry.type(description="`done` of `total` files while parsing; 0 of 0 in the phases that count nothing.")
class ScanProgress:
    done: int
    total: int


@strawberry.type(
    description="A scan running in a worker thread of this API process (startScan). Jobs live in this process's "
    "memory only: finished jobs are kept a few minutes, and a restart forgets them. Phases, in order: discovering, "
    "parsing, resolving, loading, clustering, naming, writing."
)
class ScanJob:
    job_id: strawberry.ID
    repo_id: strawberry.ID
    state: ScanJobState
    phase: str | None = strawberry.field(description="The step the scan last reported; null before the first.")
    progress: ScanProgress
    cancel_requested: bool = strawberry.field(
        description="cancelScan was asked; the job ends CANCELLED at the scan's next step, or SUCCEEDED when it "
        "was already writing."
    )
    result: SkeletonCandidateResult | None = strawberry.field(
        description="Once ended, what skeletonCandidate would have answered: CandidateWritten (SUCCEEDED), "
        "VersionConflict or Refused (FAILED: `scan_in_progress`, `path_rebind_refused`, "
        "`database_out_of_memory`, `scan_failed`), "
        "Refused `scan_cancelled` (CANCELLED). Null while RUNNING."
    )


@strawberry.input
class CancelScanInput:
    job_id: strawberry.ID
    agent_id: str | None = None


StartScanResult = Annotated[ScanJob | Refused, strawberry.union("StartScanResult")]
CancelScanResult = Annotated[ScanJob | Refused, strawberry.union("CancelScanResult")]
