"""Last-known-good answers this API process keeps for while Neo4j is down.

Two small caches, consulted only when the database does not answer:

- the identities of tokens the database confirmed recently, keyed by the token's SHA-256 (the token
  itself is never kept). An entry serves for ``identity_max_age_s`` after its last confirmation and
  is dropped as soon as the database calls the token unknown, so a revoked token stops working the
  moment the database answers again;
- the last store read per repository (``max_stores``, least recently read dropped first), served
  marked stale (see ``api.outage``).

Both are bounded in size; entries are immutable models, shared read-only.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from graphdb.tokens import Identity, token_hash
from rooms.contract import Store


@dataclass(frozen=True)
class StaleStore:
    store: Store
    read_at: datetime  # when the database last served it


class StaleReads:
    def __init__(
        self,
        *,
        identity_max_age_s: float = 15 * 60,
        max_identities: int = 1024,
        max_stores: int = 32,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self.identity_max_age_s = identity_max_age_s
        self.max_identities = max_identities
        self.max_stores = max_stores
        self._identities: OrderedDict[str, tuple[Identity, float]] = OrderedDict()
        self._stores: OrderedDict[str, StaleStore] = OrderedDict()
        self._lock = threading.Lock()

    def identity_confirmed(self, token: str, identity: Identity) -> None:
        with self._lock:
            _put(self._identities, token_hash(token), (identity, self.clock()), self.max_identities)

    def identity_refused(self, token: str) -> None:
        with self._lock:
            self._identities.pop(token_hash(token), None)

    def identity(self, token: str) -> Identity | None:
        """The identity last confirmed for ``token``, if that was recent enough."""
        with self._lock:
            entry = self._identities.get(token_hash(token))
        if entry is None or self.clock() - entry[1] > self.identity_max_age_s:
            return None
        return entry[0]

    def store_read(self, repo_id: str, store: Store | None) -> None:
        """Keep what the database just answered (no store: forget the repository)."""
        with self._lock:
            if store is None:
                self._stores.pop(repo_id, None)
            else:
                _put(self._stores, repo_id, StaleStore(store, datetime.now(UTC)), self.max_stores)

    def store(self, repo_id: str) -> StaleStore | None:
        with self._lock:
            return self._stores.get(repo_id)


def _put(entries: OrderedDict, key: str, value: object, limit: int) -> None:
    entries[key] = value
    entries.move_to_end(key)
    while len(entries) > limit:
        entries.popitem(last=False)
