"""Clustering in the database and the candidate built from it, on a real Neo4j + GDS.

The graph (loaded with ``tests/cypher/code_graph.cypher``), counted by hand:
- files: pkg/a/a0..a3, pkg/b/b0..b3, lib/log.py, tests/test_a.py, tests/test_b.py, pkg/a/leaf.py,
  docs/guide.md, README.md (14); one function per module file and log.py (9 symbols, 9 DEFINES);
  lib/log.py is a hub (8 of the 12 code files use it);
- IMPORTS: a0->a1->a2->a3->a0 and the same in b (8), a0->b0 at 0.5 (1), every a*/b* file -> log (8),
  test_a->a0, test_b->b0 (2), leaf->a1 (1); CALLS f_a0->f_a1->f_a2->f_a3 and the same in b (6).
  35 relationships in all.
- leaves (one relationship): test_a, test_b, leaf.py and log's symbol `write` (4 relationships).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from graphdb.clustering import cluster
from graphdb.database import Database
from graphdb.gds import louvain_file_communities, projection_names
from graphdb.queries import query
from rooms.candidate import ClusterParams, Fallback
from rooms.contract import serialize_seed
from services.candidate import build_candidate
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration

A = [f"pkg/a/a{i}.py" for i in range(4)]
B = [f"pkg/b/b{i}.py" for i in range(4)]
LOG = "lib/log.py"
PARAMS = ClusterParams(tiny_repo_files=0)
SEEDED = PARAMS.model_copy(update={"seed_from_previous": True})


def _fid(path: str) -> str:
    return f"file::{path}"


def _fn(path: str) -> str:
    return f"{path}::function::f_{path.rsplit('/', 1)[-1][:-3]}"


def _seed_graph(db: Database, repo_id: str, *, docs_only: bool = False) -> None:
    if docs_only:
        files = [[f"docs/d{i}.md", "docs"] for i in range(40)]
        db.driver.execute_query(
            fixture_cypher("code_graph"),
            repo_id=repo_id,
            files=files,
            symbols=[],
            packages=[],
            edges=[],
            database_=db.database,
        )
        return
    code = A + B + [LOG]
    files = [[p, "python"] for p in code + ["tests/test_a.py", "tests/test_b.py", "pkg/a/leaf.py"]]
    files += [["docs/guide.md", "docs"], ["README.md", "docs"]]
    symbols = [[p, "function", _fn(p).rsplit("::", 1)[-1]] for p in A + B] + [[LOG, "function", "write"]]
    edges: list[list[object]] = [["DEFINES", _fid(p), _fn(p), 1.0] for p in A + B]
    edges.append(["DEFINES", _fid(LOG), f"{LOG}::function::write", 1.0])
    for group in (A, B):
        edges += [["IMPORTS", _fid(s), _fid(t), 1.0] for s, t in zip(group, group[1:] + group[:1], strict=True)]
        edges += [["CALLS", _fn(s), _fn(t), 1.0] for s, t in pairwise(group)]
    edges.append(["IMPORTS", _fid(A[0]), _fid(B[0]), 0.5])
    edges += [["IMPORTS", _fid(p), _fid(LOG), 1.0] for p in A + B]
    edges += [
        ["IMPORTS", _fid("tests/test_a.py"), _fid(A[0]), 1.0],
        ["IMPORTS", _fid("tests/test_b.py"), _fid(B[0]), 1.0],
        ["IMPORTS", _fid("pkg/a/leaf.py"), _fid(A[1]), 1.0],
    ]
    assert len(edges) == 35
    db.driver.execute_query(
        fixture_cypher("code_graph"),
        repo_id=repo_id,
        files=files,
        symbols=symbols,
        packages=[["pypi", "neo4j"]],
        edges=edges,
        database_=db.database,
    )


def test_projection_levers_by_hand_counts_and_the_projection_is_dropped(db: Database, repo_id: str) -> None:
    _seed_graph(db, repo_id)
    before = projection_names(db)
    plain = cluster(db, repo_id, ClusterParams(fold_leaves=False))
    folded = cluster(db, repo_id, ClusterParams(fold_leaves=True))
    no_hub = cluster(db, repo_id, ClusterParams(fold_leaves=True, hub_factor=0.0), hubs=[LOG])
    assert projection_names(db) == before, "every projection is dropped"
    # Undirected: each relationship is projected both ways.
    assert (plain.node_count, plain.relationship_count) == (21, 70)  # 12 linked files + 9 symbols
    assert (folded.node_count, folded.relationship_count) == (17, 62)  # 4 leaves out
    assert (no_hub.node_count, no_hub.relationship_count) == (16, 46)  # log's 8 imports dropped, log gone


def test_folded_leaves_take_their_neighbours_community(db: Database, repo_id: str) -> None:
    _seed_graph(db, repo_id)
    got = cluster(db, repo_id, ClusterParams(fold_leaves=True), hubs=[LOG]).files
    assert got["tests/test_a.py"] == got[A[0]] and got["pkg/a/leaf.py"] == got[A[1]]
    assert got["tests/test_b.py"] == got[B[0]]
    assert "docs/guide.md" not in got and "README.md" not in got
    assert not {got[p] for p in A} & {got[p] for p in B}, "a and b never share a community"


@pytest.mark.parametrize("algorithm", ["louvain", "leiden"])
def test_the_candidate_from_the_database(db: Database, repo_id: str, algorithm: str) -> None:
    _seed_graph(db, repo_id)
    seed, report = build_candidate(
        db, repo_id, PARAMS.model_copy(update={"algorithm": algorithm}), source_commit="abc123"
    )
    layout = {frozenset(m.path for m in b.membership) for b in seed.blocks}
    # Each test sits with the module it exercises; the logging hub, used by both, stays a block of its own.
    assert layout == {
        frozenset({"pkg/a/**", "tests/test_a.py"}),
        frozenset({"pkg/b/**", "tests/test_b.py"}),
        frozenset({"lib/**"}),
    }
    # README at the root, and docs/ — one file, no graph node — cluster nowhere.
    assert report.residue_first == ["README.md", "docs/guide.md"] and report.residue_count == 2
    assert report.hubs == [LOG] and report.algorithm == algorithm and report.fallback is None
    assert report.projected_nodes == 17 and seed.repo.source_commit == "abc123"
    by_entry = {b.membership[0].path: b for b in seed.blocks}
    # a uses lib with weight 4 (a socket); a uses b with 0.5 only (< socket_min_weight 1.0: none).
    assert [(s.to, s.type) for s in by_entry["pkg/a/**"].sockets.inputs] == [(by_entry["lib/**"].block_id, "imports")]
    assert [s.to for s in by_entry["pkg/b/**"].sockets.inputs] == [by_entry["lib/**"].block_id]
    assert all(b.sockets.external == [] for b in seed.blocks)  # no file uses the declared package


def test_the_projection_holds_its_nodes_not_every_relationship_at_once(db: Database, repo_id: str) -> None:
    # Each file imports the next 40: the relationships outnumber the nodes forty to one. Sorting them all at once
    # (for a projection that does not depend on internal ids) would hold each in the transaction's memory, about
    # 600 bytes apiece, more than a default server allows at 100,000 files.
    paths = [f"pkg/m{i:04}.py" for i in range(1000)]
    edges = [
        ["IMPORTS", _fid(s), _fid(paths[(i + k) % len(paths)]), 1.0] for i, s in enumerate(paths) for k in range(1, 41)
    ]
    db.driver.execute_query(
        fixture_cypher("code_graph"),
        repo_id=repo_id,
        files=[[p, "python"] for p in paths],
        symbols=[],
        packages=[],
        edges=edges,
        database_=db.database,
    )
    profiled = db.driver.execute_query(
        "PROFILE " + query("cluster_project"),
        repo_id=repo_id,
        graph_name=f"profiled-{repo_id}",
        fold_leaves=True,
        edge_weights={},
        hubs={},
        hub_factor=1.0,
        seeds={},
        database_=db.database,
    )
    try:
        assert profiled.records[0]["relationship_count"] == 2 * len(edges)  # undirected: both ways
        peak = profiled.summary.profile["args"]["GlobalMemory"]
        assert peak < 50 * len(edges), f"{peak} bytes for {len(edges)} relationships"
    finally:
        db.execute("gds_graph_drop", graph_name=f"profiled-{repo_id}")


def test_same_graph_twice_gives_identical_assignments_and_candidate(db: Database, repo_id: str) -> None:
    _seed_graph(db, repo_id)
    first = cluster(db, repo_id, PARAMS)
    second = cluster(db, repo_id, PARAMS)
    assert first == second
    fresh = PARAMS.model_copy(update={"seed_from_previous": False})
    seed1, report1 = build_candidate(db, repo_id, fresh)
    seed2, report2 = build_candidate(db, repo_id, fresh)
    assert serialize_seed(seed1) == serialize_seed(seed2)
    assert report1.comparable() == report2.comparable()
    # Seeded, a rescan starts from the communities the last run left on the files: the same candidate again.
    seed3, report3 = build_candidate(db, repo_id, SEEDED)
    assert report3.seeded and serialize_seed(seed3) == serialize_seed(seed1)


def test_a_rescan_seeded_from_the_previous_candidate_keeps_its_blocks(db: Database, repo_id: str) -> None:
    _seed_graph(db, repo_id)
    first, report = build_candidate(db, repo_id, SEEDED)
    assert not report.seeded  # nothing remembered yet
    assert db.rows("cluster_seeds_read", repo_id=repo_id), "the communities are remembered on the files"
    for algorithm in ("louvain", "leiden"):
        again, report = build_candidate(db, repo_id, SEEDED.model_copy(update={"algorithm": algorithm}))
        assert [b.block_id for b in again.blocks] == [b.block_id for b in first.blocks]
        assert report.seeded or algorithm == "leiden"  # a seeded Leiden that cannot improve reruns unseeded


def test_without_remembered_communities_the_previous_blocks_seed_the_rescan(db: Database, repo_id: str) -> None:
    _seed_graph(db, repo_id)
    first, _ = build_candidate(db, repo_id, SEEDED)
    db.execute("cluster_seeds_write", repo_id=repo_id, seeds={})  # forget them (as after an import)
    assert db.rows("cluster_seeds_read", repo_id=repo_id) == []
    again, report = build_candidate(db, repo_id, SEEDED, previous=first)
    assert report.seeded and [b.block_id for b in again.blocks] == [b.block_id for b in first.blocks]


def test_a_repository_without_edges_is_not_clustered(db: Database, repo_id: str) -> None:
    _seed_graph(db, repo_id, docs_only=True)
    assert cluster(db, repo_id, PARAMS).files == {}
    seed, report = build_candidate(db, repo_id)
    assert report.fallback is Fallback.DOCS_NO_EDGE and report.projected_nodes == 0
    assert [[m.path for m in b.membership] for b in seed.blocks] == [["docs/**"]]
    assert seed.blocks[0].candidate_meta.graph_cohesion is None


def test_the_file_graph_louvain_of_the_foundation_still_runs(db: Database, repo_id: str) -> None:
    _seed_graph(db, repo_id)
    communities = louvain_file_communities(db, repo_id)
    assert set(communities) >= {_fid(p) for p in A + B}
