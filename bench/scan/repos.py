"""Throwaway repository ids: each scan gets a fresh one, deleted whole afterwards."""

from __future__ import annotations

import uuid

from bench.common import forget_repo
from graphdb.database import Database


def fresh_repo_id() -> str:
    return f"bench-scan-{uuid.uuid4().hex[:8]}"


def forget(repo_id: str) -> None:
    """Delete everything the repository's scans wrote: its store, blocks, history, Repo node and every code
    graph generation (``<id>~1``, ``<id>~2``)."""
    # A connection of its own: the cold run restarts the server between deletions.
    db = Database.connect()
    try:
        forget_repo(db, repo_id)
    finally:
        db.close()
