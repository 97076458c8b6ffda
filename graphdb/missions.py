"""Curation missions in Neo4j (F11 §3): ``Mission`` nodes with their ``MissionLetter`` chain.

Reads, and the statements a mission's write transaction is made of (the caller locks the mission first).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from neo4j import ManagedTransaction

from graphdb.database import Database
from graphdb.history import Actor
from graphdb.queries import query
from rooms.lease import format_time
from rooms.missions import Letter, Mission, MissionState


def _mission(data: dict[str, Any]) -> Mission:
    return Mission(
        mission_id=data["mission_id"],
        repo_id=data["repo_id"],
        state=MissionState(data["state"]),
        note=data["note"],
        opened_by=data["opened_by"],
        opened_at=data["opened_at"],
        base_store_version=int(data["base_store_version"]),
        claimed_by=data.get("claimed_by"),
        claimed_at=data.get("claimed_at"),
        delivered_store_version=data.get("delivered_store_version"),
        delivered_at=data.get("delivered_at"),
        summary=data.get("summary"),
    )


def _letter(data: dict[str, Any]) -> Letter:
    return Letter(
        mission_id=data["mission_id"],
        seq=int(data["seq"]),
        author=data["author"],
        seat=data["seat"],
        body=data["body"],
        at=data["at"],
    )


def create(
    db: Database,
    mission_id: str,
    repo_id: str,
    note: str,
    packet: str,
    actor: Actor,
    now: datetime,
    base_store_version: int,
) -> Mission:
    rows = db.execute(
        "mission_create",
        mission_id=mission_id,
        repo_id=repo_id,
        note=note,
        packet=packet,
        opened_by=actor.agent_id,
        opened_at=format_time(now),
        base_store_version=base_store_version,
    )
    return _mission(rows[0]["mission"])


def locked(tx: ManagedTransaction, mission_id: str) -> Mission | None:
    record = tx.run(query("mission_lock"), mission_id=mission_id).single()
    return None if record is None else _mission(record["mission"])


def update(tx: ManagedTransaction, mission_id: str, **changes: object) -> Mission:
    record = tx.run(query("mission_update"), mission_id=mission_id, changes=changes).single()
    assert record is not None
    return _mission(record["mission"])


def add_letter(tx: ManagedTransaction, mission_id: str, actor: Actor, body: str, now: datetime) -> Letter:
    record = tx.run(
        query("mission_letter_add"),
        mission_id=mission_id,
        author=actor.agent_id,
        seat=actor.seat.value,
        body=body,
        at=format_time(now),
    ).single()
    assert record is not None
    return _letter(record["letter"])


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
