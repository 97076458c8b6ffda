"""F0c §2d sockets bound to block ids, and §3b meta components."""

from __future__ import annotations

from rooms.candidate.sockets import package_class
from rooms.contract import NamedBy, Socket
from rooms.review import support
from tests.unit.candidate.builders import block_of, build, chain, clique, graph

A = ["pkg/a/a1.py", "pkg/a/a2.py", "pkg/a/a3.py"]
B = ["pkg/b/b1.py", "pkg/b/b2.py", "pkg/b/b3.py"]
C = ["pkg/c/c1.py", "pkg/c/c2.py", "pkg/c/c3.py"]


def _data(**kwargs):  # a CandidateInput
    edges = (
        chain(A)
        + chain(B)
        + chain(C)
        + [
            (A[0], B[0], 0.5, "IMPORTS"),
            (A[0], B[0], 2.0, "CALLS"),  # a uses b: 2.5, mostly calls
            (C[0], B[1], 0.4, "IMPORTS"),  # c uses b: 0.4 < socket_min_weight 1.0
        ]
    )
    files = {**dict.fromkeys(A, 1), **dict.fromkeys(B, 2), **dict.fromkeys(C, 3), "pkg/a/README.md": None}
    return graph(files, edges, **kwargs)


def test_internal_sockets_bind_to_block_ids_in_both_directions() -> None:
    seed, _ = build(_data())
    a, b, c = (block_of(seed, p[0]) for p in (A, B, C))
    assert a.sockets.inputs == [Socket(to=b.block_id, type="calls")]
    assert b.sockets.outputs == [Socket(to=a.block_id, type="calls")]
    assert b.sockets.inputs == [] and a.sockets.outputs == []
    assert c.sockets.inputs == [] and c.sockets.outputs == []


def test_a_socket_only_tests_use_is_marked_test_and_one_code_also_uses_is_not() -> None:
    a = ["app/a1.py", "app/a2.py", "app/a3.py"]
    b = ["lib/b1.py", "lib/b2.py", "lib/b3.py"]
    c = ["web/c1.py", "web/c2.py", "web/c3.py", "web/test_c.py"]
    files = {**dict.fromkeys(a, 1), **dict.fromkeys(b, 2), **dict.fromkeys(c, 3)}
    edges = (
        chain(a)
        + chain(b)
        + chain(c)
        + [(a[0], b[0], 1.0, "CALLS"), ("web/test_c.py", a[1], 1.0, "CALLS"), ("web/test_c.py", c[0], 1.0, "CALLS")]
    )
    seed, _ = build(graph(files, edges))
    app, lib, web = (block_of(seed, p[0]) for p in (a, b, c))
    assert app.sockets.inputs == [Socket(to=lib.block_id, type="calls")]
    assert web.sockets.inputs == [Socket(to=app.block_id, type="calls", class_="test")]
    assert app.sockets.outputs == [Socket(to=web.block_id, type="calls", class_="test")]


def test_external_sockets_are_class_aliases_of_manifest_packages_never_guesses() -> None:
    seed, _ = build(_data(packages=[(A[1], "neo4j"), (A[2], "leftpad"), (B[0], "requests")]))
    assert block_of(seed, A[0]).sockets.external == [Socket(alias="neo4j", class_="database")]
    assert block_of(seed, B[0]).sockets.external == [Socket(alias="requests", class_="http_client")]
    assert block_of(seed, C[0]).sockets.external == []
    assert package_class("leftpad") is None and package_class("@aws-sdk/client-s3") == "cloud_storage"


def test_meta_components_by_hand() -> None:
    seed, _ = build(_data(), cohesion_floor=3)
    a = block_of(seed, A[0]).candidate_meta
    # a: inside a1-a2 + a2-a3 = 2.0; boundary a1-b1 = 2.5; three linked pairs; 4 files, 3 with a node.
    assert a.named_by is NamedBy.HEURISTIC and a.needs_owner_naming
    assert a.edge_sample_size == 3
    assert a.graph_cohesion == round(2.0 / 4.5, 6)
    assert a.directory_support == 1.0
    assert a.coverage_ratio == 0.75
    assert a.shared_member_count == 0


def test_graph_cohesion_is_absent_below_the_declared_edge_sample_floor() -> None:
    seed, _ = build(_data(), cohesion_floor=4)
    assert block_of(seed, A[0]).candidate_meta.graph_cohesion is None  # 3 pairs < 4
    assert block_of(seed, B[0]).candidate_meta.graph_cohesion == round(2.0 / 4.9, 6)  # 4 pairs: b1-b2 b2-b3 a1 c1


def test_directory_support_drops_for_a_directory_split_by_the_graph() -> None:
    p = ["lib/p1.py", "lib/p2.py", "lib/p3.py"]
    r = ["lib/r1.py", "lib/r2.py", "lib/r3.py", "lib/r4.py", "lib/r5.py"]
    edges = [(x, y, 1.0) for group in (p, r) for i, x in enumerate(group) for y in group[i + 1 :]]
    seed, _ = build(graph({**dict.fromkeys(p, 1), **dict.fromkeys(r, 2)}, edges))
    assert block_of(seed, p[0]).candidate_meta.directory_support == round(3 / 8, 6)
    assert block_of(seed, r[0]).candidate_meta.directory_support == round(5 / 8, 6)


def test_support_never_reads_missing_graph_evidence_as_certainty() -> None:
    docs = ["docs/a.md", "docs/b.md", "docs/c.md"]
    a = ["app/a1.py", "app/a2.py", "app/a3.py"]
    seed, _ = build(graph({**dict.fromkeys(docs, None), **dict.fromkeys(a, 1)}, clique(a)), cohesion_floor=1)
    whole_directory_no_edges = block_of(seed, docs[0])
    cohesive = block_of(seed, a[0])
    assert whole_directory_no_edges.candidate_meta.graph_cohesion is None
    assert support(whole_directory_no_edges) < 1.0
    assert support(cohesive) > support(whole_directory_no_edges)
