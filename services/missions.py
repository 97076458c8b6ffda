"""Curation missions (F11 §3): open, claim, write letters, deliver.

Every move of a mission is one write transaction that locks the mission node first, re-reads it and
decides with the pure rules of `rooms.missions`. Claiming takes the store's advisory lease first through
`services.edit.lease` (the atomic compare-and-set that serializes hands); delivering releases the hand's
lease. No mission operation bumps ``store_version``: a mission's edits are ordinary ``candidate_edit``
batches, and its landing is the owner's ``ratifyBlocks``.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime

from neo4j import ManagedTransaction

from graphdb import missions, store_writes
from graphdb import store as persisted
from graphdb.database import Database
from graphdb.history import Actor
from rooms.contract import ErrorCode, SkeletonState
from rooms.lease import Lease, LeaseAction, LeaseBusy, LeaseGranted, format_time
from rooms.missions import (
    NOTE_MAX,
    Letter,
    Mission,
    MissionRefusal,
    MissionState,
    check_claim,
    check_deliver,
    check_letter,
    curation_packet,
    text_problem,
)
from services import edit
from services.prepared import StoreRefused

Refused = StoreRefused


def _refused(refusal: MissionRefusal) -> Refused:
    return Refused(refusal.code, refusal.message)


def _not_found(mission_id: str) -> Refused:
    return Refused(ErrorCode.MISSION_NOT_FOUND, f"no mission {mission_id!r}")


def open_mission(db: Database, repo_id: str, note: str, actor: Actor, now: datetime) -> Mission | Refused:
    """The owner's "Send to an agent for curation": a mission whose packet is the candidate as it is now."""
    problem = text_problem(note, "note", NOTE_MAX, required=False)
    if problem is not None:
        return _refused(problem)
    store = store_writes.read_store(db, repo_id)
    if store is None:
        return Refused(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store; scan it first")
    if store.skeleton.state is not SkeletonState.CANDIDATE:
        return Refused(ErrorCode.SKELETON_NOT_CANDIDATE, "this skeleton is ratified; only a candidate is curated")
    report = store_writes.scan_report(db, repo_id)
    mission_id = f"m_{uuid.uuid4().hex[:16]}"
    packet = curation_packet(mission_id, store, note, None if report is None else json.loads(report))
    return missions.create(
        db, mission_id, repo_id, note, json.dumps(packet, ensure_ascii=False), actor, now, store.store_version
    )


def claim_mission(
    db: Database, mission_id: str, ttl_s: int, actor: Actor, now: datetime
) -> tuple[Mission, Lease] | LeaseBusy | Refused:
    """Take the store's lease (ACQUIRE), then the mission. A live lease of another hand answers `LeaseBusy`
    and claims nothing. Raises ValueError for a TTL out of range (see `rooms.lease`)."""
    mission = missions.get_mission(db, mission_id)
    if mission is None:
        return _not_found(mission_id)
    refusal = check_claim(mission)
    if refusal is not None:
        return _refused(refusal)
    granted = edit.lease(db, mission.repo_id, LeaseAction.ACQUIRE, ttl_s, actor, now)
    if not isinstance(granted, LeaseGranted):
        return granted
    assert granted.lease is not None

    def work(tx: ManagedTransaction) -> Mission | Refused:
        current = missions.locked(tx, mission_id)
        assert current is not None
        late = check_claim(current)
        if late is not None:
            return _refused(late)
        return missions.update(
            tx, mission_id, state=MissionState.CLAIMED.value, claimed_by=actor.agent_id, claimed_at=format_time(now)
        )

    claimed = db.write(work)
    if isinstance(claimed, Refused):
        edit.lease(db, mission.repo_id, LeaseAction.RELEASE, ttl_s, actor, now)
        return claimed
    return claimed, granted.lease


def post_letter(db: Database, mission_id: str, body: str, actor: Actor, now: datetime) -> Letter | Refused:
    def work(tx: ManagedTransaction) -> Letter | Refused:
        mission = missions.locked(tx, mission_id)
        if mission is None:
            return _not_found(mission_id)
        refusal = check_letter(mission, actor.seat, actor.agent_id, body)
        return _refused(refusal) if refusal is not None else missions.add_letter(tx, mission_id, actor, body, now)

    return db.write(work)


def deliver_mission(
    db: Database, mission_id: str, store_version: int, summary: str, actor: Actor, now: datetime
) -> Mission | Refused:
    """The hand hands the edited candidate back: the version it produced and a summary (also kept as the
    mission's last letter). Releases the hand's lease."""

    def work(tx: ManagedTransaction) -> Mission | Refused:
        mission = missions.locked(tx, mission_id)
        if mission is None:
            return _not_found(mission_id)
        current = persisted.lock_version(tx, mission.repo_id) or 0
        refusal = check_deliver(mission, actor.agent_id, store_version, current, summary)
        if refusal is not None:
            return _refused(refusal)
        missions.add_letter(tx, mission_id, actor, summary, now)
        return missions.update(
            tx,
            mission_id,
            state=MissionState.DELIVERED.value,
            delivered_store_version=store_version,
            delivered_at=format_time(now),
            summary=summary,
        )

    delivered = db.write(work)
    if isinstance(delivered, Mission):
        edit.lease(db, delivered.repo_id, LeaseAction.RELEASE, 1, actor, now)
    return delivered
