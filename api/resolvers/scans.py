"""Resolvers for the scan verb, its jobs and its report."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import strawberry
from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.resolvers.actor import actor
from api.scan_roots import PathRefused, resolve_scan_path
from api.schema import store as types
from api.schema.results import Refused, VersionConflict
from api.schema.scan_types import (
    CandidateOutcome,
    CandidateWritten,
    ScanJob,
    ScanJobState,
    ScanProgress,
    SkeletonCandidateInput,
    review_connection,
    scan_report,
)
from graphdb import store_writes
from graphdb.database import Database
from graphdb.errors import DatabaseOutOfMemory
from graphdb.history import Actor
from rooms.contract import ErrorCode
from rooms.contract.base import REPO_ID, REPO_ID_RULE
from rooms.store_rules import VersionConflict as StaleVersion
from services import scan as scans
from services import scan_jobs as jobs


async def report(context: Context, repo_id: str) -> dict[str, Any] | None:
    text = await run_in_threadpool(store_writes.scan_report, context.db, repo_id)
    return None if text is None else json.loads(text)


def _checked(context: Context, data: SkeletonCandidateInput) -> Path | Refused:
    """The directory to scan, or why the input is refused."""
    if data.review_limit < 1:
        return Refused(code=ErrorCode.INVALID_REVIEW_LIMIT, message="reviewLimit must be at least 1")
    if not REPO_ID.fullmatch(str(data.repo_id)):
        return Refused(code=ErrorCode.INVALID_REPO_ID, message=f"repoId: {REPO_ID_RULE}")
    try:
        return resolve_scan_path(data.path, context.request.app.state.api_settings.scan_roots)
    except PathRefused as exc:
        return Refused(code=exc.code, message=str(exc))


def _scan(
    db: Database, data: SkeletonCandidateInput, root: Path, who: Actor, progress: scans.Progress | None = None
) -> scans.ScanOutcome | StaleVersion:
    return scans.scan(
        db,
        root,
        str(data.repo_id),
        data.expected_store_version,
        naming=data.naming.value,
        rebind=data.rebind,
        actor=who,
        progress=progress,
    )


def _written(outcome: scans.ScanOutcome | StaleVersion, review_limit: int) -> CandidateWritten | VersionConflict:
    if isinstance(outcome, StaleVersion):
        return VersionConflict(expected=outcome.expected, actual=outcome.actual)
    store = outcome.write.store
    shown = store.candidate_revision if store.candidate_revision is not None else store
    return CandidateWritten(
        outcome=CandidateOutcome(outcome.write.outcome.value),
        store=types.store(store),
        report=scan_report(outcome.report),
        review_queue=review_connection(shown.blocks, review_limit, None, shown),
    )


async def skeleton_candidate(context: Context, data: SkeletonCandidateInput) -> Any:
    root = _checked(context, data)
    if isinstance(root, Refused):
        return root
    try:
        outcome = await run_in_threadpool(_scan, context.db, data, root, actor(context))
    except (scans.ScanRefused, DatabaseOutOfMemory) as exc:
        return _refused(exc)
    return _written(outcome, data.review_limit)


def _refused(exc: scans.ScanRefused | DatabaseOutOfMemory) -> Refused:
    """A scan refused with nothing written: by the service (its rules), or by Neo4j for lack of memory (the
    server's state, which the message says how to change)."""
    return Refused(code=exc.code, message=str(exc))


def _jobs(context: Context) -> jobs.ScanJobs:
    table: jobs.ScanJobs = context.request.app.state.scan_jobs
    return table


def scan_job(job: jobs.ScanJob) -> ScanJob:
    """The job as the schema shows it; ``result`` once it has ended."""
    result: Any = None
    if job.state is jobs.JobState.CANCELLED:
        result = Refused(
            code=ErrorCode.SCAN_CANCELLED, message="the scan was cancelled; the map and the code graph are as they were"
        )
    elif isinstance(job.error, (scans.ScanRefused, DatabaseOutOfMemory)):
        result = _refused(job.error)
    elif job.error is not None:
        result = Refused(
            code=ErrorCode.SCAN_FAILED, message=f"the scan failed ({type(job.error).__name__}); see the server log"
        )
    elif job.state is not jobs.JobState.RUNNING:
        result = _written(job.outcome, job.review_limit)
    return ScanJob(
        job_id=strawberry.ID(job.job_id),
        repo_id=strawberry.ID(job.repo_id),
        state=ScanJobState(job.state.value),
        phase=job.phase,
        progress=ScanProgress(done=job.done, total=job.total),
        cancel_requested=job.cancel_requested.is_set(),
        result=result,
    )


async def start_scan(context: Context, data: SkeletonCandidateInput) -> Any:
    root = _checked(context, data)
    if isinstance(root, Refused):
        return root
    table = _jobs(context)
    running = table.running(str(data.repo_id))
    if running is not None:
        return Refused(
            code=ErrorCode.SCAN_IN_PROGRESS,
            message=f"scan job {running.job_id} of {str(data.repo_id)!r} is running; watch it (scanJob) or cancel it",
        )
    try:
        job = table.start(
            str(data.repo_id),
            partial(_scan, context.db, data, root, actor(context)),
            review_limit=data.review_limit,
            succeeded=lambda outcome: not isinstance(outcome, StaleVersion),
        )
    except jobs.TooManyJobs as exc:
        return Refused(code=ErrorCode.TOO_MANY_SCANS, message=str(exc))
    return scan_job(job)


def read_scan_job(context: Context, job_id: str) -> ScanJob | None:
    job = _jobs(context).get(job_id)
    return None if job is None else scan_job(job)


def cancel_scan(context: Context, job_id: str) -> Any:
    job = _jobs(context).cancel(job_id)
    if job is None:
        return Refused(
            code=ErrorCode.UNKNOWN_SCAN_JOB,
            message=f"no scan job {job_id!r} in this server (finished jobs are kept a few minutes)",
        )
    return scan_job(job)
