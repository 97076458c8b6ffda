"""Merges and splits with the code graph handed in (`rooms.edit.graph.EditGraph`): measured as the scan
measures a block, and a split's sockets recomputed from the edges that cross the new boundaries."""

from __future__ import annotations

import pytest

from rooms.candidate import FileEdge, PackageUse
from rooms.contract import Seat, Socket
from rooms.edit import Applied, Merge, Split, apply_batch
from rooms.edit.graph import EditGraph
from tests.unit.edit.builders import block, inputs_of, store

FILES = ("a/1.py", "a/2.py", "a/3.py", "b/1.py", "b/2.py", "b/3.py", "c/1.py", "d/1.py")
EDGES = (
    FileEdge("a/1.py", "a/2.py", "IMPORTS", 1.0),
    FileEdge("a/2.py", "a/3.py", "IMPORTS", 1.0),
    FileEdge("a/1.py", "a/3.py", "IMPORTS", 1.0),
    FileEdge("b/1.py", "b/2.py", "CALLS", 1.0),
    FileEdge("b/2.py", "b/3.py", "CALLS", 1.0),
    FileEdge("b/1.py", "b/3.py", "CALLS", 1.0),
    FileEdge("a/1.py", "b/1.py", "CALLS", 2.0),
    FileEdge("c/1.py", "a/2.py", "IMPORTS", 1.0),
)
GRAPH = EditGraph(files=FILES, edges=EDGES, packages=(PackageUse("b/2.py", "pypi", "neo4j"),))


def _applied(outcome: object) -> Applied:
    assert isinstance(outcome, Applied), outcome
    return outcome


def test_a_merge_is_measured_on_the_graph_and_takes_the_runner_name_marked_heuristic() -> None:
    before = store(block("A", "a/**", named_by="runner", needs_naming=False), block("B", "b/**"), block("C", "c/**"))
    out = _applied(apply_batch(before, [Merge(into="A", block_ids=["B"])], Seat.AGENT, GRAPH))
    meta = out.store.block("A").candidate_meta
    assert meta is not None
    # Inside: the two triangles and a/1-b/1 (weight 2); across: c/1-a/2 (weight 1).
    assert meta.edge_sample_size == 8
    assert meta.graph_cohesion == pytest.approx(8 / 9)
    assert out.store.block("A").name == "Block A"  # the runner's name beats B's heuristic one
    assert (meta.named_by.value, meta.needs_owner_naming) == ("heuristic", True)  # until someone accepts it


def test_below_the_floor_cohesion_is_none_not_an_average() -> None:
    graph = EditGraph(files=FILES, edges=EDGES, cohesion_floor=50)
    out = _applied(
        apply_batch(
            store(block("A", "a/**"), block("B", "b/**")), [Merge(into="A", block_ids=["B"])], Seat.AGENT, graph
        )
    )
    meta = out.store.block("A").candidate_meta
    assert meta is not None and meta.graph_cohesion is None and meta.edge_sample_size == 8


def test_a_split_recomputes_sockets_across_the_new_boundaries() -> None:
    parent = block("AB", "a/**", "b/**", to=("D",))  # AB -> D: a hand-made socket no edge backs
    parent.sockets.external = [Socket(alias="neo4j", class_="database"), Socket(alias="internal-tool")]
    c = block("C", "c/**", to=("AB",))  # c/1 uses a/2: backed
    d = block("D", "d/**")
    out = _applied(
        apply_batch(store(parent, c, d), [Split(block_id="AB", paths=[["a/**"], ["b/**"]])], Seat.OWNER, GRAPH)
    )
    a_id, b_id = (b.block_id for b in out.store.blocks if b.block_id not in {"C", "D"})
    a, b = out.store.block(a_id), out.store.block(b_id)
    # a/1 calls b/1: the a child depends on the b child (type from the edges), and C depends on the a child only.
    assert [(s.to, s.type) for s in a.sockets.inputs if s.to == b_id] == [(b_id, "calls")]
    assert [s.to for s in b.sockets.outputs] == [a_id]
    assert inputs_of(out.store, "C") == [a_id]
    assert [s.to for s in a.sockets.outputs] == ["C"]
    # The socket to D is not backed by any edge: the graph cannot tell which child has it, so both keep it.
    assert "D" in [s.to for s in a.sockets.inputs] and "D" in [s.to for s in b.sockets.inputs]
    # A package socket goes where the package is used; one of no package the parent uses stays on both.
    assert [s.alias for s in a.sockets.external] == ["internal-tool"]
    assert sorted(s.alias or "" for s in b.sockets.external) == ["internal-tool", "neo4j"]
    meta = a.candidate_meta
    assert meta is not None and meta.edge_sample_size == 5 and meta.graph_cohesion == pytest.approx(3 / 6)
    assert meta.needs_owner_naming


def test_without_the_graph_a_split_keeps_every_possible_socket() -> None:
    out = _applied(
        apply_batch(
            store(block("AB", "a/**", "b/**"), block("C", "c/**", to=("AB",))),
            [Split(block_id="AB", paths=[["a/**"], ["b/**"]])],
            Seat.OWNER,
        )
    )
    assert len(inputs_of(out.store, "C")) == 2
    child = out.store.blocks[0].candidate_meta
    assert child is not None and child.graph_cohesion is None and child.edge_sample_size == 0
