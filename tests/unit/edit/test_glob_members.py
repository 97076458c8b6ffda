"""Files behind a ``dir/**`` entry, named by a move or a split (issue 35 item 2): with the code graph the
glob is narrowed around them (exact paths and narrower globs), and the block resolves the same files after."""

from __future__ import annotations

from rooms.contract import Seat
from rooms.edit import Applied, AssignUnmapped, MoveMember, Rejected, Split, apply_batch
from rooms.edit.graph import EditGraph
from tests.unit.edit.builders import block, store

FILES = ("src/a.py", "src/b.py", "src/deep/c.py", "src/deep/d.py", "src/other/e.py", "src/test_f.py", "lib/g.py")
GRAPH = EditGraph(files=FILES)


def _paths(out: Applied, block_id: str) -> dict[str, str]:
    return {m.path: m.role.value for m in out.store.block(block_id).membership}


def test_a_file_behind_a_glob_moves_and_the_glob_is_narrowed_around_it() -> None:
    before = store(block("A", "src/**"), block("B", "lib/**"))
    out = apply_batch(before, [MoveMember(path="src/deep/c.py", **{"from": "A"}, to="B")], Seat.OWNER, GRAPH)
    assert isinstance(out, Applied), out
    assert _paths(out, "A") == {
        "src/a.py": "primary",
        "src/b.py": "primary",
        "src/test_f.py": "test",
        "src/deep/d.py": "primary",
        "src/other/**": "primary",
    }
    assert _paths(out, "B") == {"lib/**": "primary", "src/deep/c.py": "primary"}
    after = GRAPH.members(out.store.blocks)
    assert after["A"] == set(FILES) - {"lib/g.py", "src/deep/c.py"}
    assert after["B"] == {"lib/g.py", "src/deep/c.py"}


def test_without_the_graph_a_file_behind_a_glob_is_unknown() -> None:
    before = store(block("A", "src/**"), block("B", "lib/**"))
    out = apply_batch(before, [MoveMember(path="src/a.py", **{"from": "A"}, to="B")], Seat.OWNER)
    assert isinstance(out, Rejected) and out.code == "unknown_path"


def test_a_file_another_block_lists_is_not_behind_the_glob() -> None:
    before = store(block("A", "src/**"), block("B", "lib/**", "src/a.py"), block("C", "x.py"))
    out = apply_batch(before, [MoveMember(path="src/a.py", **{"from": "A"}, to="C")], Seat.OWNER, GRAPH)
    assert isinstance(out, Rejected) and out.code == "path_not_member"


def test_a_split_by_explicit_files_cuts_them_out_of_the_glob() -> None:
    before = store(block("A", "src/**"), block("B", "lib/**"))
    groups = [["src/a.py", "src/b.py", "src/test_f.py", "src/other/e.py"], ["src/deep/c.py", "src/deep/d.py"]]
    out = apply_batch(before, [Split(block_id="A", paths=groups)], Seat.OWNER, GRAPH)
    assert isinstance(out, Applied), out
    first, second = out.created_block_ids
    assert set(_paths(out, first)) == set(groups[0])
    assert set(_paths(out, second)) == set(groups[1])


def test_moves_out_of_nested_globs_keep_every_other_file_where_it_was() -> None:
    files = tuple(f"src/m{i}/s{j}/f{k}.py" for i in range(4) for j in range(3) for k in range(4)) + ("lib/g.py",)
    graph = EditGraph(files=files)
    before = store(block("A", "src/**", "src/m1/s1/**"), block("B", "lib/**"), block("C", "src/m2/**"))
    was = graph.members(before.blocks)
    moved = ["src/m0/s0/f1.py", "src/m1/s1/f2.py", "src/m2/s2/f3.py", "src/m0/s2/f0.py"]
    owners = {p: next(b for b, fs in was.items() if p in fs) for p in moved}
    ops = [MoveMember(path=p, **{"from": owners[p]}, to="B") for p in moved]
    out = apply_batch(before, ops, Seat.OWNER, graph)
    assert isinstance(out, Applied), out
    after = graph.members(out.store.blocks)
    assert after["B"] == was["B"] | set(moved)
    for block_id in ("A", "C"):
        assert after[block_id] == was[block_id] - set(moved)


def test_a_residue_file_inside_another_blocks_glob_is_assigned_as_an_exact_member() -> None:
    before = store(block("A", "src/**"), block("B", "lib/**"), unmapped_files=("src/new.py",), unmapped_total=1)
    out = apply_batch(before, [AssignUnmapped(path="src/new.py", block_id="B")], Seat.OWNER, GRAPH)
    assert isinstance(out, Applied), out
    assert _paths(out, "B") == {"lib/**": "primary", "src/new.py": "primary"}
    assert "src/new.py" in EditGraph(files=(*FILES, "src/new.py")).members(out.store.blocks)["B"]
    assert (out.store.unmapped_files, out.store.unmapped_total) == ([], 0)
