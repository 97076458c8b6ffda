"""Naming with the pinned runner: at scan time (`name_candidate`) and on a stored candidate
(`name_with_runner`, the "Name with runner" action, F11 §2b).

`name_with_runner` runs the runner on the selected blocks (default: every block that still
``needs_owner_naming``) and applies the sanitized answers as ONE ``candidate_edit`` batch of ``rename`` ops
through `services.edit.apply_edit`, so OCC and provenance hold. The engine stamps provenance from the
seat, so the batch is applied as the runner itself — seat AGENT, agent id ``runner:<runner id>`` — which
stamps ``named_by: runner`` whoever pressed the button; who asked is recorded in the batch's history
summary. The version is checked before the runner is asked (a stale view fails fast, asking nobody) and
again by the edit (an edit that landed meanwhile is an honest `VersionConflict`; the answers are dropped).
Blocks whose answer failed keep their heuristic label, marked; when no block got a name nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graphdb import codegraph, store_writes
from graphdb.database import Database
from graphdb.graph_facts import graph_facts
from graphdb.history import Actor
from graphdb.runners import pinned_runner
from rooms.contract import ErrorCode, Seat, SeedFile, SkeletonState, Store, SystemBlock
from rooms.lease import lease_warning, parse_lease
from rooms.naming import GraphFacts, RunnerSpec, apply_runner_names, needs_runner_naming, rename_ops
from rooms.store_rules import VersionConflict
from services import edit
from services.naming_batch import BlockOutcome, labels_of, name_blocks


def runner_actor(spec: RunnerSpec) -> Actor:
    return Actor(Seat.AGENT, f"runner:{spec.runner_id}")


def name_candidate(seed: SeedFile, runner: RunnerSpec | None, facts: GraphFacts) -> SeedFile:
    """A freshly built candidate with every block the runner named runner-named (``named_by: runner``,
    ``needs_owner_naming: false``); the others keep their heuristic labels and marks. ``runner`` None
    (no pinned runner, ``naming: HEURISTIC``) returns the seed unchanged."""
    if runner is None:
        return seed
    outcomes = name_blocks(runner, [b for b in seed.blocks if needs_runner_naming(b)], facts)
    return apply_runner_names(seed, labels_of(outcomes))


@dataclass(frozen=True)
class RunnerNamingApplied:
    store_version: int  # the version now (unchanged when no block got a name)
    store: Store
    runner_id: str
    outcomes: list[BlockOutcome]
    lease_warning: str | None


NamingResult = RunnerNamingApplied | edit.BatchRejected | VersionConflict | edit.StoreRefused


def _select(store: Store, block_ids: Sequence[str] | None) -> list[SystemBlock] | edit.StoreRefused:
    if block_ids is None:
        return [b for b in store.blocks if needs_runner_naming(b)]
    known = {b.block_id: b for b in store.blocks}
    unknown = [b for b in block_ids if b not in known]
    if unknown:
        return edit.StoreRefused(ErrorCode.UNKNOWN_BLOCK, f"no block {unknown[0]!r} in the store")
    return [known[b] for b in dict.fromkeys(block_ids)]


def _warning(store: Store, requester: Actor, now: datetime) -> str | None:
    return lease_warning(parse_lease(store.curating_by, store.curating_until), requester.agent_id, now)


def name_with_runner(
    db: Database, repo_id: str, expected: int, block_ids: Sequence[str] | None, requester: Actor, now: datetime
) -> NamingResult:
    runner = pinned_runner(db, repo_id)
    if runner is None:
        return edit.StoreRefused(
            ErrorCode.NO_RUNNER, "no naming runner is pinned; add one (`coderooms runner add`) and pin it"
        )
    store = store_writes.read_store(db, repo_id)
    if store is None:
        return edit.StoreRefused(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store; scan it first")
    if store.store_version != expected:
        return VersionConflict(expected, store.store_version)
    if store.skeleton.state is not SkeletonState.CANDIDATE:
        return edit.StoreRefused(
            ErrorCode.SKELETON_NOT_CANDIDATE, "this skeleton is ratified; only a candidate is named"
        )
    selected = _select(store, block_ids)
    if isinstance(selected, edit.StoreRefused):
        return selected
    facts = graph_facts(db, codegraph.generations.live_key(db, repo_id)) if selected else GraphFacts()
    outcomes = name_blocks(runner, selected, facts)
    labels = labels_of(outcomes)
    if not labels:
        return RunnerNamingApplied(
            store.store_version, store, runner.runner_id, outcomes, _warning(store, requester, now)
        )
    summary = (
        f"nameWithRunner asked by {requester.seat.value}:{requester.agent_id}: {len(labels)} named, "
        f"{len(outcomes) - len(labels)} kept heuristic"
    )
    applied = edit.apply_edit(
        db, repo_id, expected, list(rename_ops(labels)), runner_actor(runner), None, now, summary=summary
    )
    if not isinstance(applied, edit.EditApplied):
        return applied
    return RunnerNamingApplied(
        applied.store_version, applied.store, runner.runner_id, outcomes, _warning(applied.store, requester, now)
    )
