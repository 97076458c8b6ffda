"""Resolvers for the scan verb and its report."""

from __future__ import annotations

import json
from typing import Any

from starlette.concurrency import run_in_threadpool

from api.context import Context
from api.resolvers.actor import actor
from api.scan_roots import PathRefused, resolve_scan_path
from api.schema import store as types
from api.schema.results import Refused, VersionConflict
from api.schema.scan_types import (
    CandidateOutcome,
    CandidateWritten,
    SkeletonCandidateInput,
    review_connection,
    scan_report,
)
from graphdb import store_writes
from rooms.contract import ErrorCode
from rooms.contract.base import REPO_ID, REPO_ID_RULE
from rooms.store_rules import VersionConflict as StaleVersion
from services import scan as scans


async def report(context: Context, repo_id: str) -> dict[str, Any] | None:
    text = await run_in_threadpool(store_writes.scan_report, context.db, repo_id)
    return None if text is None else json.loads(text)


async def skeleton_candidate(context: Context, data: SkeletonCandidateInput) -> Any:
    if data.review_limit < 1:
        return Refused(code=ErrorCode.INVALID_REVIEW_LIMIT, message="reviewLimit must be at least 1")
    if not REPO_ID.fullmatch(str(data.repo_id)):
        return Refused(code=ErrorCode.INVALID_REPO_ID, message=f"repoId: {REPO_ID_RULE}")
    try:
        root = resolve_scan_path(data.path, context.request.app.state.api_settings.scan_roots)
    except PathRefused as exc:
        return Refused(code=exc.code, message=str(exc))
    try:
        outcome = await run_in_threadpool(
            scans.scan,
            context.db,
            root,
            str(data.repo_id),
            data.expected_store_version,
            naming=data.naming.value,
            rebind=data.rebind,
            actor=actor(context),
        )
    except scans.ScanRefused as exc:
        return Refused(code=exc.code, message=str(exc))
    if isinstance(outcome, StaleVersion):
        return VersionConflict(expected=outcome.expected, actual=outcome.actual)
    store = outcome.write.store
    shown = store.candidate_revision if store.candidate_revision is not None else store
    return CandidateWritten(
        outcome=CandidateOutcome(outcome.write.outcome.value),
        store=types.store(store),
        report=scan_report(outcome.report),
        review_queue=review_connection(shown.blocks, data.review_limit, None, shown),
    )
