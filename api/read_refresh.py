"""Kept answers brought up to date by the request that changed their store, before that request is answered.

A client that writes usually reads straight after: the screen edits, then loads its map again. The write moved
the store's head, so every kept answer for that store (``api.read_cache``) is for an old head, and the read
that follows had to be computed while its client waited: a fifth of the screen's map reads under bench/load's
mix, at two to three times the cost of a kept one. The writer's process knows the version it just wrote
(``graphdb.store.recall`` needs no I/O for it), so once a request has changed a store, and before its
response goes out, its process computes the answers to that store's recently kept reads at the new head and
keeps them: the read that follows is answered from them. The cost moves to the writer, which waits for it.

What is refreshed is what the read would have computed: the same proven request (``api.proven_reads``)
executed directly, for the seat that asked it, at exactly the head peeked after the write; only a complete
answer computed at that head is kept, as for a read. A document that is not proven is left to its next read,
and so is everything when Neo4j is down. A failed refresh never fails the write.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from starlette.types import Message

from api.read_cache import StoreRead
from graphdb.tokens import Identity

RECENT_PER_STORE = 4  # the screen keeps two reads per store (its map and its version pulse)
STORES = 64


@dataclass(frozen=True)
class Recipe:
    """How to ask a kept read again: the request, its Accept header and who asked (only the seat matters)."""

    read: StoreRead
    payload: dict[str, Any]
    accept: str
    identity: Identity


class RecentReads:
    """Per store, the reads whose answers were most recently kept or used; bounded, least recent out first.
    Event-loop only, as the response cache."""

    def __init__(self, per_store: int = RECENT_PER_STORE, stores: int = STORES) -> None:
        self.per_store = per_store
        self.stores = stores
        self._recent: OrderedDict[str, OrderedDict[Hashable, Recipe]] = OrderedDict()

    def note(self, recipe: Recipe) -> None:
        repo_id = recipe.read.repo_id
        reads = self._recent.setdefault(repo_id, OrderedDict())
        self._recent.move_to_end(repo_id)
        key = (recipe.read.request_key, recipe.identity.seat)
        reads[key] = recipe
        reads.move_to_end(key)
        while len(reads) > self.per_store:
            reads.popitem(last=False)
        while len(self._recent) > self.stores:
            self._recent.popitem(last=False)

    def of(self, repo_id: str) -> list[Recipe]:
        """The store's recent reads, most recent first."""
        return list(reversed(self._recent.get(repo_id, {}).values()))


async def no_request_body() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}


async def unsent(message: Message) -> None:
    """Where a refreshed answer goes as it is made: nowhere (it is kept, for the read that follows)."""
