"""The pure parts of the clustering levers: hubs, seeds from a previous candidate, the params model."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rooms.candidate import ClusterParams, FileEdge, complete_seeds, fan_in, find_hubs, seeds_from_previous
from tests.unit.candidate.builders import block_of, build, chain, entries, graph


def test_hubs_are_files_used_by_a_large_share_of_the_code() -> None:
    edges = [FileEdge(f"m/f{i}.py", "util/log.py", "IMPORTS", 1.0) for i in range(6)]
    edges += [FileEdge(f"m/f{i}.py", "util/log.py", "CALLS", 2.0) for i in range(3)]  # same users, counted once
    edges += [FileEdge(f"m/f{i}.py", "m/core.py", "IMPORTS", 1.0) for i in range(4)]
    assert fan_in(edges) == {"util/log.py": 6, "m/core.py": 4}
    params = ClusterParams(hub_share=0.25, hub_min_files=5)
    assert find_hubs(edges, 20, params) == {"util/log.py"}  # 6 >= max(5, 5.0); 4 < 5
    assert find_hubs(edges, 40, params) == frozenset()  # 6 < 10


def test_hub_damping_keeps_a_hub_from_gluing_its_users_into_one_block() -> None:
    small = "pkg/c/c1.py"
    a = ["pkg/a/a1.py", "pkg/a/a2.py", "pkg/a/a3.py"]
    b = ["pkg/b/b1.py", "pkg/b/b2.py", "pkg/b/b3.py"]
    hub = "pkg/a/log.py"
    files = {**dict.fromkeys(a + [hub], 1), **dict.fromkeys(b, 2), small: 3}
    edges = chain(a) + chain(b) + [(small, hub, 3.0), (small, b[0], 1.0)]
    undamped, _ = build(graph(files, edges))
    damped, _ = build(graph(files, edges, hubs=[hub]), hub_factor=0.1)  # 3.0 * 0.1 = 0.3 < 1.0
    assert entries(block_of(undamped, small)) == ["pkg/a/**", "pkg/c/**"]  # 3.0 to the hub beats 1.0 to b
    assert entries(block_of(damped, small)) == ["pkg/b/**", "pkg/c/**"]  # 0.3 to the hub loses


def test_seeds_from_previous_number_blocks_by_id_and_give_new_files_their_own() -> None:
    previous, _ = build(
        graph(
            {"pkg/a/x.py": 1, "pkg/a/y.py": 1, "pkg/a/z.py": 1, "pkg/b/u.py": 2, "pkg/b/v.py": 2, "pkg/b/w.py": 2},
            chain(["pkg/a/x.py", "pkg/a/y.py", "pkg/a/z.py"]) + chain(["pkg/b/u.py", "pkg/b/v.py", "pkg/b/w.py"]),
        )
    )
    order = sorted(b.block_id for b in previous.blocks)
    a_index = order.index(next(b.block_id for b in previous.blocks if b.membership[0].path == "pkg/a/**"))
    seeds = seeds_from_previous(previous, ["pkg/a/x.py", "pkg/b/u.py", "pkg/new.py", "pkg/a/new.py", "zz.py"])
    assert seeds["pkg/a/x.py"] == seeds["pkg/a/new.py"] == a_index
    assert seeds["pkg/b/u.py"] == 1 - a_index
    assert (seeds["pkg/new.py"], seeds["zz.py"]) == (2, 3)


def test_params_are_declared_and_refuse_nonsense() -> None:
    assert ClusterParams().model_dump()["glob_threshold"] == 0.9
    with pytest.raises(ValidationError):
        ClusterParams(hub_factor=2.0)
    with pytest.raises(ValidationError):
        ClusterParams(surprise=True)


def test_remembered_communities_seed_known_files_and_new_files_start_alone() -> None:
    seeds = complete_seeds(
        {"a.py": 7, "b.py": 7, "c.py": 2, "gone.py": 9}, ["c.py", "a.py", "new2.py", "b.py", "new1.py"]
    )
    assert seeds == {"a.py": 7, "b.py": 7, "c.py": 2, "new1.py": 8, "new2.py": 9}
