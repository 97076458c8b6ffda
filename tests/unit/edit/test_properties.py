"""Thousands of random batches (valid and not) against the engine. The invariants are restated here
independently of `rooms.edit.invariants`, so the engine is checked against the spec, not against itself."""

from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rooms.contract import MemberRole, Seat, Store, parse_store, serialize_store
from rooms.edit import (
    Applied,
    AssignUnmapped,
    EditCode,
    Merge,
    MoveMember,
    Rejected,
    Rename,
    ResolveSeam,
    Split,
    apply_batch,
)
from tests.strategies import candidate_stores

BAD_PATHS = ["nowhere.py", "../escape", "/abs", ""]
NAMES = ["Auth", "  Core  ", "", "x" * 41, "bad\nname", "Ω service"]


def _paths(store: Store) -> tuple[list[str], list[str]]:
    members = sorted({m.path for b in store.blocks for m in b.membership})
    residue = sorted({p for b in store.blocks for p in b.unmapped_residue} | set(store.unmapped_files))
    return members, residue


def _split(rnd: Random, store: Store, target: str) -> Split:
    own = [m.path for m in store.block(target).membership]
    groups: list[list[str]] = [[] for _ in range(rnd.randint(1, 3))]
    for path in own:
        slot = rnd.randint(-1, len(groups) - 1)  # -1 leaves the member out of every group
        if slot >= 0:
            groups[slot].append(path)
    if rnd.random() < 0.2:
        groups[0].append(rnd.choice(own))  # sometimes an overlap
    return Split(block_id=target, paths=groups, rest_to_residue=rnd.random() < 0.5)


def _op(rnd: Random, store: Store, ids: list[str], members: list[str], any_paths: list[str]):
    refs = ids + ["sb_nope"] if rnd.random() < 0.1 else ids
    kind = rnd.randint(0, 5)
    if kind == 0:
        return Rename(block_id=rnd.choice(refs), name=rnd.choice(NAMES), purpose=rnd.choice([None, "Does things."]))
    if kind == 1:
        into = rnd.choice(refs)
        others = [b for b in refs if b != into] or refs
        victims = [rnd.choice(others) for _ in range(rnd.randint(1, 2))]
        if rnd.random() < 0.1:
            victims.append(into)  # sometimes a self-merge
        return Merge(into=into, block_ids=victims)
    if kind == 2:
        return _split(rnd, store, rnd.choice(ids))
    if kind == 3:
        return MoveMember(path=rnd.choice(members), from_=rnd.choice(refs), to=rnd.choice(refs))
    if kind == 4:
        resolution = "both" if rnd.random() < 0.5 else "primary:" + rnd.choice(refs)
        return ResolveSeam(path=rnd.choice(any_paths), resolution=resolution)
    return AssignUnmapped(path=rnd.choice(any_paths), block_id=rnd.choice(refs))


BATCHES_PER_STORE = 3


@st.composite
def batches(draw: st.DrawFn) -> tuple[Store, list[tuple[list, Seat]]]:
    """A candidate and a few random batches for it. Ops come from a Hypothesis-seeded `Random`: building
    them from individual draws made generation, not the engine, the bulk of the run time."""
    store = draw(candidate_stores())
    rnd = draw(st.randoms(use_true_random=False))
    ids = [b.block_id for b in store.blocks]
    members, residue = _paths(store)
    members_plus = members + BAD_PATHS[:2]
    any_paths = members + residue + residue + BAD_PATHS
    seats = [Seat.OWNER] * 5 + [Seat.AGENT] * 4 + [Seat.READER]
    runs = [
        ([_op(rnd, store, ids, members_plus, any_paths) for _ in range(rnd.randint(0, 6))], rnd.choice(seats))
        for _ in range(BATCHES_PER_STORE)
    ]
    return store, runs


def _unresolved(store: Store) -> set[str]:
    roles: dict[str, list[MemberRole]] = {}
    for block in store.blocks:
        for member in block.membership:
            roles.setdefault(member.path, []).append(member.role)
    return {path for path, rs in roles.items() if len(rs) > 1 and MemberRole.SHARED in rs}


def _touched(ops: list) -> set[str]:
    return {op.path for op in ops if isinstance(op, (MoveMember, ResolveSeam, AssignUnmapped))}


def _assert_invariants(before: Store, ops: list, out: Applied) -> None:
    after = out.store
    text = serialize_store(after)
    assert serialize_store(parse_store(text)) == text  # still a valid, canonical store
    assert after.store_version == before.store_version
    ids = [b.block_id for b in after.blocks]
    assert len(ids) == len(set(ids))
    for block in after.blocks:
        assert block.membership, f"{block.block_id} is empty"
        for socket in block.sockets.all():
            assert socket.to is None or (socket.to in ids and socket.to != block.block_id)
        meta = block.candidate_meta
        assert meta is None or meta.shared_member_count == sum(m.role is MemberRole.SHARED for m in block.membership)
    members_before, residue_before = _paths(before)
    members_after, residue_after = _paths(after)
    assert set(members_before) | set(residue_before) <= set(members_after) | set(residue_after)
    assert _unresolved(after) <= _unresolved(before) - _touched(ops)
    before_ids = {b.block_id for b in before.blocks}
    assert set(ids) == (before_ids - set(out.removed_block_ids)) | set(out.created_block_ids)
    for block_id in out.changed_block_ids:
        assert after.block(block_id) != before.block(block_id)
    untouched = set(ids) - set(out.changed_block_ids) - set(out.created_block_ids)
    for block_id in untouched:
        assert after.block(block_id) == before.block(block_id)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batches())
def test_random_batches_keep_every_invariant_or_change_nothing(case) -> None:
    store, runs = case
    before_text = serialize_store(store)
    for ops, seat in runs:
        outcome = apply_batch(store, ops, seat)
        assert serialize_store(store) == before_text  # the input is never touched
        if isinstance(outcome, Rejected):
            assert outcome.op_index == -1 or 0 <= outcome.op_index < len(ops)
            assert outcome.code in {c.value for c in EditCode}
            assert outcome.message
            continue
        assert seat is not Seat.READER
        _assert_invariants(store, ops, outcome)
        again = apply_batch(store, ops, seat)
        assert isinstance(again, Applied) and serialize_store(again.store) == serialize_store(outcome.store)
