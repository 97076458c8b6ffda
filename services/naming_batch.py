"""Naming many blocks at once: batch-parallel with a bound on concurrency, per-block outcome.

`name_blocks(spec, blocks, facts)` builds one naming packet per block, asks the runner for each with at
most ``concurrency`` in flight (the runner's own setting unless overridden) and the runner's per-block
timeout, and answers one `BlockNamed` or `BlockFallback` per block, in the order given. A fallback keeps
the block's heuristic label and its honest marks (``named_by: heuristic``, ``needs_owner_naming: true``);
no runner at all (None, or one that cannot open) is a fallback for every block.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from rooms.contract import SystemBlock
from rooms.naming import CleanLabel, FailureReason, GraphFacts, NamingFailure, RunnerSpec, naming_packet, packet_bytes
from services.runner_transports import open_transport


@dataclass(frozen=True)
class BlockNamed:
    block_id: str
    label: CleanLabel


@dataclass(frozen=True)
class BlockFallback:
    block_id: str
    failure: NamingFailure


BlockOutcome = BlockNamed | BlockFallback

NO_RUNNER = NamingFailure(FailureReason.RUNNER_UNAVAILABLE, "no naming runner is pinned")


def labels_of(outcomes: Sequence[BlockOutcome]) -> dict[str, CleanLabel]:
    return {o.block_id: o.label for o in outcomes if isinstance(o, BlockNamed)}


def name_blocks(
    spec: RunnerSpec | None,
    blocks: Sequence[SystemBlock],
    facts: GraphFacts,
    *,
    concurrency: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> list[BlockOutcome]:
    if not blocks:
        return []
    transport = NO_RUNNER if spec is None else open_transport(spec, os.environ if environ is None else environ)
    if isinstance(transport, NamingFailure):
        return [BlockFallback(b.block_id, transport) for b in blocks]
    assert spec is not None
    packets = [packet_bytes(naming_packet(block, facts)) for block in blocks]
    workers = max(1, min(concurrency or spec.concurrency, len(blocks)))
    try:
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="naming") as pool:
            answers = list(pool.map(lambda packet: transport.ask(packet, spec.timeout_s), packets))
    finally:
        transport.close()
    return [
        BlockNamed(b.block_id, a) if isinstance(a, CleanLabel) else BlockFallback(b.block_id, a)
        for b, a in zip(blocks, answers, strict=True)
    ]
