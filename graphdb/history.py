"""Who writes and what they wrote: the actor of a write and the store's history lines."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from graphdb.database import Database
from graphdb.store import HistoryEntry
from rooms.contract import Seat


@dataclass(frozen=True)
class Actor:
    seat: Seat
    agent_id: str


def entry(kind: str, actor: Actor, ops: str, *, batch_id: str | None = None, summary: str = "") -> HistoryEntry:
    """The history line of a write by ``actor`` (a batch id of its own unless the client gave one)."""
    return HistoryEntry(batch_id or f"{kind}_{uuid.uuid4().hex}", kind, actor.seat.value, actor.agent_id, ops, summary)


def history(
    db: Database, repo_id: str, last: int, as_of: int | None = None, before: int | None = None
) -> list[dict[str, Any]]:
    """The last ``last`` writes to the store, oldest first; with ``as_of``, those up to that store version
    (a write's history line commits with its version, so a reader that saw version ``as_of`` sees its line);
    with ``before``, those below that version — the page before one whose oldest line has it (each write
    has its own version, so paging by it skips and repeats nothing)."""
    return db.rows("history_last", repo_id=repo_id, last=last, as_of=as_of, before=before)
