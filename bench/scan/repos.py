"""Throwaway repository ids: each scan gets a fresh one, deleted whole afterwards."""

from __future__ import annotations

import uuid

from bench.common import forget_repo
from graphdb.database import Database


def fresh_repo_id() -> str:
    """As short as the id a scan takes from a typical directory name (the default): the server plans statements
    per size of their string parameters unless told not to (``graphdb.runtime.instance.PLANS_BY_TYPE_ONLY``), and
    the warm-up's ids are long."""
    return f"b-{uuid.uuid4().hex[:6]}"


def forget(repo_id: str) -> None:
    """Delete everything the repository's scans wrote: its store, blocks, history, Repo node and every code
    graph generation (``<id>~1``, ``<id>~2``)."""
    # A connection of its own: the cold run restarts the server between deletions.
    db = Database.connect()
    try:
        forget_repo(db, repo_id)
    finally:
        db.close()
