"""Generations of a repository's code graph, so that a scan writes nothing a refusal would have to undo.

A repository's nodes carry a *key* as ``repo_id``: the repository id, or it with a ``~1`` or ``~2`` suffix (no
repository id has a ``~``). The ``Repo`` node of the repository id names the live key (``graph``; absent: the
repository id itself, as graphs were loaded before generations) and the directory the repository is bound
to (``root``). A scan loads the *other* key with the incremental loader, clusters it, and makes it live in
the store transaction that wins the version check (``promote``, which also checks the scan lock); a refused
or failed scan deletes what it staged. The previous live generation stays as the next scan's staging base,
so a rescan writes what changed since the generation before last, not the whole tree.
"""

from __future__ import annotations

from dataclasses import dataclass

from neo4j import ManagedTransaction

from graphdb.codegraph.batches import BATCH_SIZE
from graphdb.codegraph.sync import delete_code_graph
from graphdb.database import Database
from graphdb.queries import query

_STAGING_KEYS = ("~1", "~2")


class ScanLockLost(Exception):
    """The scan's lock expired and another scan took it: this scan may not make its graph live."""


@dataclass(frozen=True)
class Binding:
    repo_id: str
    live: str  # the key of the live generation's nodes
    root: str | None  # the directory the repository is bound to (None: never bound)

    @property
    def staging(self) -> str:
        """The key a scan loads into: the staging key that is not live."""
        first, second = (self.repo_id + suffix for suffix in _STAGING_KEYS)
        return second if self.live == first else first


def binding(db: Database, repo_id: str) -> Binding:
    row = db.rows("codegraph_generation", repo_id=repo_id)[0]
    return Binding(repo_id, row["graph"] or repo_id, row["root"])


def live_key(db: Database, repo_id: str) -> str:
    """The key the nodes of the repository's live code graph carry (what its reads match on)."""
    return binding(db, repo_id).live


def promote(tx: ManagedTransaction, repo_id: str, graph: str, root: str, holder: str) -> None:
    """In the caller's transaction: ``graph`` becomes the live key and ``root`` the bound directory. Raises
    ``ScanLockLost`` (failing the transaction) when ``holder`` no longer holds the repository's scan lock."""
    if tx.run(query("codegraph_promote"), repo_id=repo_id, graph=graph, root=root, holder=holder).single() is None:
        raise ScanLockLost(repo_id)


def delete_generation(db: Database, key: str, *, batch_size: int = BATCH_SIZE) -> None:
    """Delete a staging generation: its files, symbols, packages and Repo node."""
    delete_code_graph(db, key, batch_size=batch_size)
    db.execute("codegraph_delete_generation", repo_id=key)


def delete_repository(db: Database, repo_id: str, *, batch_size: int = BATCH_SIZE) -> None:
    """Delete everything of a repository: each generation of its code graph, its store and its history."""
    delete_code_graph(db, repo_id, batch_size=batch_size)  # a graph loaded before generations
    for suffix in _STAGING_KEYS:
        delete_generation(db, repo_id + suffix, batch_size=batch_size)
    db.execute("repo_delete_store", repo_id=repo_id)
