"""Seeds in and out: a seed file imported as the store under optimistic concurrency, the live skeleton
exported as seed JSON."""

from __future__ import annotations

from graphdb import store_writes
from graphdb.database import Database
from graphdb.history import Actor
from rooms.contract import ContractError, SeedFile, Store, parse_seed
from rooms.store_rules import VersionConflict


def import_seed_text(
    db: Database, text: str, expected: int | None, actor: Actor
) -> Store | VersionConflict | ContractError:
    """Parse ``text`` (a malformed seed is answered with its code and writes nothing), then import it."""
    try:
        seed = parse_seed(text)
    except ContractError as exc:
        return exc
    return import_seed(db, seed, expected, actor)


def import_seed(db: Database, seed: SeedFile, expected: int | None, actor: Actor) -> Store | VersionConflict:
    """One write: ``expected`` is the store version the caller saw (None: there is no store yet)."""
    return store_writes.import_seed(db, expected, seed, actor=actor)


def import_over_current(db: Database, seed: SeedFile, actor: Actor) -> Store | VersionConflict:
    """Import over whatever version the store is at now (the command line's import without a version)."""
    return import_seed(db, seed, store_writes.store_version(db, seed.repo.repo_id), actor)


def export_seed(db: Database, repo_id: str) -> str | None:
    """The live skeleton as canonical seed text; None when the repository has no store."""
    return store_writes.export_seed(db, repo_id)
