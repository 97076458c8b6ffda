"""Sockets follow ids (F11 1d): merge and split rewrite internal socket targets by block id."""

from __future__ import annotations

from rooms.contract import Socket, SystemBlock
from rooms.edit.working import Working

_KINDS = ("inputs", "outputs", "external")


def _rewritten(sockets: list[Socket], targets: dict[str, list[str]], own_id: str) -> list[Socket]:
    out: list[Socket] = []
    for socket in sockets:
        new_targets: list[str | None] = [None] if socket.to is None else list(targets.get(socket.to, [socket.to]))
        for to in new_targets:
            moved = socket if to == socket.to else socket.model_copy(update={"to": to})
            # A block needs no socket to itself, nor the same socket twice.
            if (to is None or to != own_id) and moved not in out:
                out.append(moved)
    return out


def tidy(block: SystemBlock, targets: dict[str, list[str]]) -> None:
    """Rewrite `block`'s sockets in place through `targets`, dropping self-sockets and duplicates."""
    for kind in _KINDS:
        setattr(block.sockets, kind, _rewritten(getattr(block.sockets, kind), targets, block.block_id))


def rewrite_targets(w: Working, targets: dict[str, list[str]]) -> None:
    """Every socket whose ``to`` is a key of `targets` now points at each id of its value, in every block."""
    for block_id in list(w.order):
        if any(s.to in targets for s in w.blocks[block_id].sockets.all()):
            tidy(w.edit(block_id), targets)


def dangling(blocks: list[SystemBlock]) -> set[tuple[str, str]]:
    """(block_id, target) for every internal socket whose target is not a block."""
    ids = {b.block_id for b in blocks}
    return {(b.block_id, s.to) for b in blocks for s in b.sockets.all() if s.to is not None and s.to not in ids}
