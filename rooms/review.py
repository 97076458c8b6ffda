"""Reading a candidate as a person would: review order, residue, and the zero-touch status (F0c §3b, §5; F11 §0)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rooms.contract import BlockState, NamedBy, Store, SystemBlock
from rooms.edit import unresolved_seam_count

UNKNOWN_COHESION = 0.5


def support(block: SystemBlock) -> float:
    """How well the evidence backs a block, 0–1: the mean of its components (no meta: 1). Without a graph
    cohesion (too few edges to tell) that component counts as half: no evidence is not full confidence."""
    meta = block.candidate_meta
    if meta is None:
        return 1.0
    cohesion = UNKNOWN_COHESION if meta.graph_cohesion is None else meta.graph_cohesion
    return (meta.directory_support + meta.coverage_ratio + cohesion) / 3


def review_order(blocks: list[SystemBlock]) -> list[SystemBlock]:
    """Lowest support first; ties by block id, so the order is stable."""
    return sorted(blocks, key=lambda b: (support(b), b.block_id))


def unmapped_paths(store: Store) -> tuple[list[str], int]:
    """The residue (every block's and the store's cached list), sorted, and its true total."""
    paths = sorted({p for b in store.blocks for p in b.unmapped_residue} | set(store.unmapped_files))
    total = max(len(paths), store.unmapped_total or 0)
    return paths, total


@dataclass(frozen=True)
class ZeroTouch:
    block_count: int
    runner_named: int
    owner_named: int
    needs_owner_naming: int
    unresolved_seams: int
    ready_to_ratify: bool
    line: str


def zero_touch(blocks: Sequence[SystemBlock]) -> ZeroTouch:
    """Is the map ready for one "Ratify all"? Every block owner-accepted or runner-named, no open seam.
    After "Ratify selected only" the counts are over the blocks still to ratify, and the line says how many
    are signed already."""
    signed = sum(b.state is BlockState.RATIFIED for b in blocks)
    if 0 < signed < len(blocks):
        pending = [b for b in blocks if b.state is not BlockState.RATIFIED]
        status = zero_touch(pending)
        seams = unresolved_seam_count(blocks)  # a seam between a signed and a pending block counts too
        return replace(
            status,
            unresolved_seams=seams,
            ready_to_ratify=status.ready_to_ratify and seams == 0,
            line=f"{status.line} · {signed} already ratified",
        )
    metas = [b.candidate_meta for b in blocks if b.candidate_meta is not None]
    runner = sum(m.named_by is NamedBy.RUNNER for m in metas)
    owner = sum(m.named_by is NamedBy.OWNER for m in metas)
    needs = sum(m.needs_owner_naming for m in metas)
    seams = unresolved_seam_count(blocks)
    ready = bool(blocks) and needs == 0 and seams == 0
    n = len(blocks)
    if not blocks:
        line = "no blocks yet — scan this repository"
    elif ready and runner == n:
        line = f"all {n} blocks runner-named — ready to ratify"
    elif ready:
        line = f"all {n} blocks named — ready to ratify"
    else:
        waiting = [f"{needs} need{'s' if needs == 1 else ''} a name"] if needs else []
        waiting += [f"{seams} seam{'s' if seams != 1 else ''} to resolve"] if seams else []
        line = f"{n} blocks — " + ", ".join(waiting)
    return ZeroTouch(n, runner, owner, needs, seams, ready, line)
