"""Curation missions in Neo4j (F11 §3): ``Mission`` nodes with their ``MissionLetter`` chain.

Every move of a mission is one write transaction that locks the mission node first, re-reads it and
decides with the pure rules of `rooms.missions`. Claiming takes the store's advisory lease first through
`graphdb.edits.lease` (the atomic compare-and-set that serializes hands); delivering releases the hand's
lease. No mission operation bumps ``store_version``: a mission's edits are ordinary ``candidate_edit``
batches, and its landing is the owner's ``ratifyBlocks``.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from typing import Any

from neo4j import ManagedTransaction

from graphdb import edits, store_writes
from graphdb import store as persisted
from graphdb.database import Database
from graphdb.queries import query
from rooms.contract import SkeletonState
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

Refused = edits.StoreRefused


def _mission(data: dict[str, Any]) -> Mission:
    return Mission(
        mission_id=data["mission_id"], repo_id=data["repo_id"], state=MissionState(data["state"]),
        note=data["note"], opened_by=data["opened_by"], opened_at=data["opened_at"],
        base_store_version=int(data["base_store_version"]), claimed_by=data.get("claimed_by"),
        claimed_at=data.get("claimed_at"), delivered_store_version=data.get("delivered_store_version"),
        delivered_at=data.get("delivered_at"), summary=data.get("summary"),
    )


def _letter(data: dict[str, Any]) -> Letter:
    return Letter(mission_id=data["mission_id"], seq=int(data["seq"]), author=data["author"], seat=data["seat"],
                  body=data["body"], at=data["at"])


def _refused(refusal: MissionRefusal) -> Refused:
    return Refused(refusal.code, refusal.message)


def _not_found(mission_id: str) -> Refused:
    return Refused("mission_not_found", f"no mission {mission_id!r}")


def _locked(tx: ManagedTransaction, mission_id: str) -> Mission | None:
    record = tx.run(query("mission_lock"), mission_id=mission_id).single()
    return None if record is None else _mission(record["mission"])


def _update(tx: ManagedTransaction, mission_id: str, **changes: object) -> Mission:
    record = tx.run(query("mission_update"), mission_id=mission_id, changes=changes).single()
    assert record is not None
    return _mission(record["mission"])


def _add_letter(tx: ManagedTransaction, mission_id: str, actor: edits.Actor, body: str, now: datetime) -> Letter:
    record = tx.run(query("mission_letter_add"), mission_id=mission_id, author=actor.agent_id,
                    seat=actor.seat.value, body=body, at=format_time(now)).single()
    assert record is not None
    return _letter(record["letter"])


def open_mission(db: Database, repo_id: str, note: str, actor: edits.Actor, now: datetime) -> Mission | Refused:
    """The owner's "Send to an agent for curation": a mission whose packet is the candidate as it is now."""
    problem = text_problem(note, "note", NOTE_MAX, required=False)
    if problem is not None:
        return _refused(problem)
    store = store_writes.read_store(db, repo_id)
    if store is None:
        return Refused("no_store", f"repository {repo_id!r} has no store; scan it first")
    if store.skeleton.state is not SkeletonState.CANDIDATE:
        return Refused("skeleton_not_candidate", "this skeleton is ratified; only a candidate is curated")
    report = store_writes.scan_report(db, repo_id)
    mission_id = f"m_{uuid.uuid4().hex[:16]}"
    packet = curation_packet(mission_id, store, note, None if report is None else json.loads(report))
    rows = db.execute("mission_create", mission_id=mission_id, repo_id=repo_id, note=note,
                      packet=json.dumps(packet, ensure_ascii=False), opened_by=actor.agent_id,
                      opened_at=format_time(now), base_store_version=store.store_version)
    return _mission(rows[0]["mission"])


def list_missions(db: Database, state: MissionState | None = None, repo_id: str | None = None) -> list[Mission]:
    rows = db.rows("mission_list", state=None if state is None else state.value, repo_id=repo_id)
    return [_mission(row["mission"]) for row in rows]


def get_mission(db: Database, mission_id: str) -> Mission | None:
    rows = db.rows("mission_get", mission_id=mission_id)
    return _mission(rows[0]["mission"]) if rows else None


def mission_packet(db: Database, mission_id: str) -> str | None:
    rows = db.rows("mission_packet", mission_id=mission_id)
    return rows[0]["packet"] if rows else None


def letters(db: Database, mission_id: str) -> list[Letter]:
    return [_letter(row["letter"]) for row in db.rows("mission_letters", mission_id=mission_id)]


def claim_mission(db: Database, mission_id: str, ttl_s: int, actor: edits.Actor,
                  now: datetime) -> tuple[Mission, Lease] | LeaseBusy | Refused:
    """Take the store's lease (ACQUIRE), then the mission. A live lease of another hand answers `LeaseBusy`
    and claims nothing. Raises ValueError for a TTL out of range (see `rooms.lease`)."""
    mission = get_mission(db, mission_id)
    if mission is None:
        return _not_found(mission_id)
    refusal = check_claim(mission)
    if refusal is not None:
        return _refused(refusal)
    granted = edits.lease(db, mission.repo_id, LeaseAction.ACQUIRE, ttl_s, actor, now)
    if not isinstance(granted, LeaseGranted):
        return granted
    assert granted.lease is not None

    def work(tx: ManagedTransaction) -> Mission | Refused:
        current = _locked(tx, mission_id)
        assert current is not None
        late = check_claim(current)
        if late is not None:
            return _refused(late)
        return _update(tx, mission_id, state=MissionState.CLAIMED.value, claimed_by=actor.agent_id,
                       claimed_at=format_time(now))

    claimed = db.write(work)
    if isinstance(claimed, Refused):
        edits.lease(db, mission.repo_id, LeaseAction.RELEASE, ttl_s, actor, now)
        return claimed
    return claimed, granted.lease


def post_letter(db: Database, mission_id: str, body: str, actor: edits.Actor, now: datetime) -> Letter | Refused:
    def work(tx: ManagedTransaction) -> Letter | Refused:
        mission = _locked(tx, mission_id)
        if mission is None:
            return _not_found(mission_id)
        refusal = check_letter(mission, actor.seat, actor.agent_id, body)
        return _refused(refusal) if refusal is not None else _add_letter(tx, mission_id, actor, body, now)

    return db.write(work)


def deliver_mission(db: Database, mission_id: str, store_version: int, summary: str, actor: edits.Actor,
                    now: datetime) -> Mission | Refused:
    """The hand hands the edited candidate back: the version it produced and a summary (also kept as the
    mission's last letter). Releases the hand's lease."""

    def work(tx: ManagedTransaction) -> Mission | Refused:
        mission = _locked(tx, mission_id)
        if mission is None:
            return _not_found(mission_id)
        current = persisted.lock_version(tx, mission.repo_id) or 0
        refusal = check_deliver(mission, actor.agent_id, store_version, current, summary)
        if refusal is not None:
            return _refused(refusal)
        _add_letter(tx, mission_id, actor, summary, now)
        return _update(tx, mission_id, state=MissionState.DELIVERED.value, delivered_store_version=store_version,
                       delivered_at=format_time(now), summary=summary)

    delivered = db.write(work)
    if isinstance(delivered, Mission):
        edits.lease(db, delivered.repo_id, LeaseAction.RELEASE, 1, actor, now)
    return delivered
