"""Bearer tokens: stored only as SHA-256 hashes; the token itself is shown once, at creation.

Tokens are 256-bit random strings, so an unsalted hash is enough to make a stolen database
useless for signing in; the lookup goes through the hash and the final comparison is constant-time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from dataclasses import dataclass
from typing import Any

from graphdb.database import Database
from rooms.contract import Seat

TOKEN_PREFIX = "crt_"


@dataclass(frozen=True)
class Identity:
    token_id: str
    seat: Seat
    agent_id: str


def token_hash(token: str) -> str:
    """How a token is kept (in the database, and in any cache): its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def create_token(db: Database, seat: Seat, agent_id: str, label: str = "") -> tuple[str, str]:
    """Create a token; return ``(token_id, token)``. The token is not stored and cannot be shown again."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token_id = "tok_" + uuid.uuid4().hex[:12]
    db.execute(
        "token_create", token_id=token_id, token_hash=token_hash(token), seat=seat.value, agent_id=agent_id, label=label
    )
    return token_id, token


def identify(db: Database, token: str) -> Identity | None:
    """The identity behind a presented token, or None when it is unknown or revoked."""
    presented = presented_hash(token)
    if presented is None:
        return None
    rows = db.rows("token_lookup", token_hash=presented)
    return identity_of(rows[0], presented) if rows else None


def identify_with_store(db: Database, token: str, repo_id: str) -> tuple[Identity | None, dict[str, Any] | None]:
    """As :func:`identify`, and in the same statement the head of ``repo_id``'s store: its row of
    ``manifest``, ``curating_by`` and ``curating_until`` (None: no store, or a token that cannot be ours)."""
    presented = presented_hash(token)
    if presented is None:
        return None, None
    row = db.rows("request_head", token_hash=presented, repo_id=repo_id)[0]
    return identity_of(row, presented), None if row["manifest"] is None else row


def presented_hash(token: str) -> str | None:
    """The hash to look a presented token up by; None for what cannot be one of ours."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > 200:
        return None
    return token_hash(token)


def identity_of(row: dict[str, Any], presented: str) -> Identity | None:
    """The identity in a row of ``token_id``, ``token_hash``, ``seat`` and ``agent_id`` columns (all null when
    no live token has that hash), compared in constant time with the hash presented."""
    if row["token_hash"] is None or not hmac.compare_digest(row["token_hash"], presented):
        return None
    return Identity(token_id=row["token_id"], seat=Seat(row["seat"]), agent_id=row["agent_id"])


def list_tokens(db: Database) -> list[dict[str, Any]]:
    return db.rows("token_list")


def revoke_token(db: Database, token_id: str) -> bool:
    return bool(db.execute("token_revoke", token_id=token_id))


def revoke_label(db: Database, label: str) -> int:
    return int(db.execute("token_revoke_label", label=label)[0]["revoked"])
