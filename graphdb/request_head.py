"""A token's identity and a store's head in one statement: all a cached read needs from the database."""

from __future__ import annotations

from graphdb.event_loop_reads import EventLoopReads
from graphdb.store import Head, head_of
from graphdb.tokens import Identity, identity_of, presented_hash


async def identify_with_head(reads: EventLoopReads, token: str, repo_id: str) -> tuple[Identity | None, Head | None]:
    """The identity behind ``token`` (None: unknown or revoked) and the head of ``repo_id``'s store (None:
    it has no store), as of one committed state."""
    presented = presented_hash(token)
    if presented is None:
        return None, None
    row = (await reads.rows("request_head", token_hash=presented, repo_id=repo_id))[0]
    return identity_of(row, presented), None if row["manifest"] is None else head_of(row)


async def peek_head(reads: EventLoopReads, repo_id: str) -> Head | None:
    """The head of ``repo_id``'s store as committed now (None: it has no store)."""
    rows = await reads.rows("store_peek", repo_id=repo_id)
    return head_of(rows[0]) if rows else None
