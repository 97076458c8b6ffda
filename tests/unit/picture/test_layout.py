"""The picture's layout (rooms.picture): deterministic, users above what they use, readable at 40 blocks,
stored positions kept, and the edge counts behind sockets."""

from __future__ import annotations

from rooms.contract import Layout, MemberRole, Socket, Sockets, SystemBlock
from rooms.picture import BOX_H, BOX_W, ROW, block_files, edge_counts, layered, moved, positions, with_layout
from tests.api.edit_support import candidate_block


def _block(block_id: str, uses: list[str] = [], tests: list[str] = [], layout: Layout | None = None) -> SystemBlock:  # noqa: B006
    sockets = Sockets(
        inputs=[Socket(to=u, type="imports") for u in uses] + [Socket(to=t, class_="test") for t in tests]
    )
    block = candidate_block(block_id, [(f"{block_id}/**", MemberRole.PRIMARY)], [])
    return block.model_copy(update={"sockets": sockets, "layout": layout or Layout()})


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < BOX_W and abs(a[1] - b[1]) < BOX_H


def test_users_sit_above_what_they_use_and_test_only_sockets_do_not_count() -> None:
    blocks = [_block("sb_c"), _block("sb_b", ["sb_c"]), _block("sb_a", ["sb_b"], tests=["sb_t"]), _block("sb_t")]
    places = layered(blocks)
    assert places["sb_a"][1] < places["sb_b"][1] < places["sb_c"][1]
    assert places["sb_t"][1] > places["sb_c"][1]  # only a test uses it: no arrow, so it waits in the last row


def test_cycles_are_broken_and_the_layout_is_deterministic() -> None:
    blocks = [_block("sb_a", ["sb_b"]), _block("sb_b", ["sb_c"]), _block("sb_c", ["sb_a"])]
    assert layered(blocks) == layered([b.model_copy() for b in blocks])
    assert len(set(layered(blocks).values())) == 3


def test_forty_blocks_wrap_into_readable_rows_without_overlap() -> None:
    blocks = [_block("sb_root", [f"sb_{i:02}" for i in range(39)])] + [_block(f"sb_{i:02}") for i in range(39)]
    places = list(layered(blocks).values())
    assert len(places) == 40
    assert all(not _overlap(a, b) for i, a in enumerate(places) for b in places[i + 1 :])
    width = max(x for x, _ in places) - min(x for x, _ in places) + BOX_W
    assert width <= ROW * (BOX_W + 40)


def test_stored_positions_are_kept_and_a_copied_one_is_placed_again() -> None:
    here = Layout(x=900.0, y=900.0, locked=True)
    blocks = [_block("sb_a", layout=here), _block("sb_b", layout=here), _block("sb_c")]
    places = positions(blocks)
    assert (places["sb_a"].x, places["sb_a"].y, places["sb_a"].stored) == (900.0, 900.0, True)
    assert places["sb_b"].stored is False and (places["sb_b"].x, places["sb_b"].y) != (900.0, 900.0)
    assert not _overlap((places["sb_b"].x, places["sb_b"].y), (places["sb_c"].x, places["sb_c"].y))


def test_with_layout_stores_every_position_and_keeps_the_previous_maps() -> None:
    previous = [moved(_block("sb_a"), 700, 10)]
    placed = with_layout([_block("sb_a"), _block("sb_b", ["sb_a"])], previous)
    assert (placed[0].layout.x, placed[0].layout.y, placed[0].layout.locked) == (700.0, 10.0, True)
    assert placed[1].layout.x is not None and placed[1].layout.algorithm_seed == "layered-v1"
    assert with_layout([_block("sb_a"), _block("sb_b", ["sb_a"])]) == with_layout(
        [_block("sb_a"), _block("sb_b", ["sb_a"])]
    )


def test_edge_counts_follow_membership_globs_and_skip_self_edges() -> None:
    blocks = [_block("sb_a"), _block("sb_b")]
    files = block_files(blocks, ["sb_a/x.py", "sb_a/y.py", "sb_b/z.py", "other.py"])
    assert files == {"sb_a": {"sb_a/x.py", "sb_a/y.py"}, "sb_b": {"sb_b/z.py"}}
    edges = [
        ("sb_a/x.py", "sb_b/z.py", "IMPORTS"),
        ("sb_a/y.py", "sb_b/z.py", "CALLS"),
        ("sb_a/x.py", "sb_a/y.py", "CALLS"),
        ("other.py", "sb_b/z.py", "CALLS"),
    ]
    assert edge_counts(files, edges) == {("sb_a", "sb_b"): 2}
