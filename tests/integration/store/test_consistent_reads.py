"""A read of a store sees exactly one committed version, however fast writers commit around it.

Neo4j reads are read-committed: without care a read can mix the store node of one commit with the
blocks of another (or come back as several rows). Here one writer replaces the whole store as fast as it
can — every write renames every block and alternately drops and restores a block — while readers read;
every read must be exactly the state of the version it reports.
"""

from __future__ import annotations

import threading

import pytest

from graphdb.database import Database
from graphdb.store_writes import import_seed, read_store
from rooms.contract import Store
from tests.integration.owner import OWNER
from tests.integration.store.test_candidate_writes import block, candidate

pytestmark = pytest.mark.integration

WRITES, READERS = 120, 3


def _seed(repo_id: str, n: int):  # a SeedFile
    blocks = [block("sb_api", ["api/**"], ["sb_core"]), block("sb_core", ["core/**"])]
    if n % 2 == 0:
        blocks.append(block("sb_docs", ["docs/**"], ["sb_core"]))
    return candidate(repo_id, *[b.model_copy(update={"name": f"{b.block_id} {n}"}) for b in blocks])


def _check(store: Store, first_version: int) -> None:
    n = store.store_version - first_version
    expected_ids = ["sb_api", "sb_core"] + (["sb_docs"] if n % 2 == 0 else [])
    assert [b.block_id for b in store.blocks] == expected_ids, (store.store_version, store.blocks)
    assert {b.name for b in store.blocks} == {f"{i} {n}" for i in expected_ids}, store.store_version


def test_reads_never_mix_versions(db: Database, repo_id: str) -> None:
    first = import_seed(db, None, _seed(repo_id, 0), actor=OWNER)
    first_version = first.store_version
    done = threading.Event()
    seen: list[int] = []
    failures: list[BaseException] = []

    def read_until_done() -> None:
        try:
            while not done.is_set():
                store = read_store(db, repo_id)
                assert store is not None
                _check(store, first_version)
                seen.append(store.store_version)
        except BaseException as exc:  # reported by the main thread
            failures.append(exc)
            done.set()

    readers = [threading.Thread(target=read_until_done) for _ in range(READERS)]
    for reader in readers:
        reader.start()
    try:
        for n in range(1, WRITES + 1):
            if done.is_set():
                break
            written = import_seed(db, first_version + n - 1, _seed(repo_id, n), actor=OWNER)
            assert isinstance(written, Store) and written.store_version == first_version + n
    finally:
        done.set()
        for reader in readers:
            reader.join()
    assert not failures, failures[0]
    assert len(set(seen)) > WRITES // 4, "the readers really overlapped the writes"


def test_the_locked_fallback_reads_the_same_store(db: Database, repo_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import_seed(db, None, _seed(repo_id, 0), actor=OWNER)
    optimistic = read_store(db, repo_id)
    monkeypatch.setattr("graphdb.store_writes.OPTIMISTIC_READS", 0)
    assert read_store(db, repo_id) == optimistic
    assert read_store(db, f"{repo_id}-none") is None
