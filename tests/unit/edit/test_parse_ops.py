import pytest

from rooms.contract import ContractError
from rooms.edit import AssignUnmapped, Merge, MoveMember, OpParseError, Rename, ResolveSeam, Split, parse_ops


def test_wire_ops_parse_into_typed_ops() -> None:
    ops = parse_ops(
        [
            {"op": "rename", "block_id": "sb_x", "name": "Auth", "purpose": "Signs in."},
            {"op": "merge", "into": "sb_x", "block_ids": ["sb_y", "sb_z"]},
            {"op": "split", "block_id": "sb_x", "paths": [["a/**"], ["b/**"]]},
            {"op": "move_member", "path": "src/hook.ts", "from": "sb_x", "to": "sb_y"},
            {"op": "resolve_seam", "path": "src/shared.ts", "resolution": "primary:sb_y"},
            {"op": "assign_unmapped", "path": "scripts/x.sh", "block_id": "sb_x"},
        ]
    )
    assert ops == [
        Rename(block_id="sb_x", name="Auth", purpose="Signs in."),
        Merge(into="sb_x", block_ids=["sb_y", "sb_z"]),
        Split(block_id="sb_x", paths=[["a/**"], ["b/**"]], rest_to_residue=False),
        MoveMember(path="src/hook.ts", from_="sb_x", to="sb_y"),
        ResolveSeam(path="src/shared.ts", resolution="primary:sb_y"),
        AssignUnmapped(path="scripts/x.sh", block_id="sb_x"),
    ]
    assert ops[4].primary == "sb_y"
    assert ResolveSeam(path="p", resolution="both").primary is None


@pytest.mark.parametrize(
    "bad",
    [
        {"op": "delete", "block_id": "sb_x"},
        {"op": "rename", "block_id": "sb_x"},
        {"op": "rename", "block_id": "sb_x", "name": "A", "colour": "red"},
        {"op": "merge", "into": "sb_x", "block_ids": []},
        {"op": "resolve_seam", "path": "p", "resolution": "primary:"},
        {"op": "resolve_seam", "path": "p", "resolution": "neither"},
        {"op": "split", "block_id": "sb_x", "paths": ["a/**"]},
    ],
)
def test_malformed_ops_are_refused_with_their_index(bad: dict) -> None:
    with pytest.raises(OpParseError) as caught:
        parse_ops([{"op": "rename", "block_id": "sb_x", "name": "Fine"}, bad])
    assert caught.value.code == "invalid_op"
    assert caught.value.op_index == 1
    assert isinstance(caught.value, ContractError)
