"""The edit and reconcile services on the real database (issue 34, point 8): the graph a split or merge
reads before the lock, a seam kept by "both", a reconcile of a candidate that checks, then writes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphdb.database import Database
from graphdb.graph_facts import edit_graph
from graphdb.store_writes import import_seed, read_store
from rooms.contract import MemberRole, SkeletonState, parse_seed
from rooms.edit import parse_ops, unresolved_seams
from rooms.store_rules import VersionConflict
from services import edit as edits
from tests.api.edit_support import candidate_block, candidate_seed, seed_text
from tests.integration.owner import OWNER
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration

FILES = ["a/1.py", "a/2.py", "b/1.py", "b/2.py", "c/1.py"]
EDGES = [["a/1.py", "a/2.py", 1.0], ["b/1.py", "b/2.py", 1.0], ["a/1.py", "b/1.py", 1.0], ["c/1.py", "b/2.py", 1.0]]
NOW = datetime(2026, 7, 10, tzinfo=UTC)


def _store_with_graph(db: Database, repo_id: str) -> int:
    db.driver.execute_query(
        fixture_cypher("two_file_cliques"), repo_id=repo_id, files=FILES, edges=EDGES, database_=db.database
    )
    P = MemberRole.PRIMARY
    blocks = [
        candidate_block("sb_ab", [("a/**", P), ("b/**", P)], ["sb_c"]),
        candidate_block("sb_c", [("c/**", P)], [], inputs=["sb_ab"]),
    ]
    stored = import_seed(db, None, parse_seed(seed_text(repo_id, blocks)), actor=OWNER)
    assert not isinstance(stored, VersionConflict)
    return stored.store_version


def _edit(db: Database, repo_id: str, version: int, ops: list[dict]) -> edits.EditApplied:
    outcome = edits.apply_edit(db, repo_id, version, parse_ops(ops), OWNER, None, NOW)
    assert isinstance(outcome, edits.EditApplied), outcome
    return outcome


def test_the_edit_graph_is_read_from_the_code_graph(db: Database, repo_id: str) -> None:
    assert edit_graph(db, repo_id) is None  # no code graph: nothing to measure with
    _store_with_graph(db, repo_id)
    graph = edit_graph(db, repo_id)
    assert graph is not None
    assert graph.files == tuple(FILES)
    assert {(e.source, e.target) for e in graph.edges} == {(a, b) for a, b, _ in EDGES}


def test_a_split_through_the_service_recomputes_its_sockets(db: Database, repo_id: str) -> None:
    version = _store_with_graph(db, repo_id)
    done = _edit(db, repo_id, version, [{"op": "split", "block_id": "sb_ab", "paths": [["a/**"], ["b/**"]]}])
    a, b, c = done.store.blocks
    # c/1 uses b/2 only: C depends on the b child; a/1 uses b/1: the a child depends on the b child.
    assert [s.to for s in c.sockets.inputs] == [b.block_id]
    assert [s.to for s in a.sockets.inputs] == [b.block_id]
    assert sorted(s.to or "" for s in b.sockets.outputs) == sorted([a.block_id, "sb_c"])
    assert a.sockets.outputs == []
    assert a.candidate_meta is not None and a.candidate_meta.edge_sample_size == 2


def test_resolve_seam_both_through_the_service_is_stored_shared_and_resolved(db: Database, repo_id: str) -> None:
    stored = import_seed(db, None, parse_seed(candidate_seed(repo_id)), actor=OWNER)
    assert not isinstance(stored, VersionConflict)
    _edit(db, repo_id, stored.store_version, [{"op": "resolve_seam", "path": "lib/shared.py", "resolution": "both"}])
    after = read_store(db, repo_id)
    assert after is not None
    for block_id in ("sb_api", "sb_core"):
        block = after.block(block_id)
        assert block is not None and block.resolved_seams == ["lib/shared.py"]
        member = block.member("lib/shared.py")
        assert member is not None and member.role is MemberRole.SHARED
    assert unresolved_seams(after.blocks) == {}


def test_reconcile_checks_the_version_then_writes_once(db: Database, repo_id: str) -> None:
    version = _store_with_graph(db, repo_id)
    assert edits.reconcile_store(db, repo_id, OWNER, expected=version + 1) == VersionConflict(version + 1, version)
    assert read_store(db, repo_id).store_version == version  # type: ignore[union-attr]
    first = edits.reconcile_store(db, repo_id, OWNER, expected=version)
    assert isinstance(first, edits.ReconcileDone) and first.changed
    assert first.store.skeleton.state is SkeletonState.CANDIDATE
    assert [(b.block_id, b.change.value, b.resolved) for b in first.blocks] == [
        ("sb_ab", "recorded", 4),
        ("sb_c", "recorded", 1),
    ]
    again = edits.reconcile_store(db, repo_id, OWNER)
    assert isinstance(again, edits.ReconcileDone) and not again.changed
    assert again.store.store_version == version + 1
    assert read_store(db, repo_id).store_version == version + 1  # type: ignore[union-attr]
