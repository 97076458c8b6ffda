"""The load itself: ``clients`` closed-loop HTTP clients in this process (asyncio, one keep-alive connection
each, ``bench.load.wire``) against a served API, for a bounded time.

Each client draws its next action from its own seeded generator: a map read (the screen's ``Map`` query),
or, with probability ``write_share``, an edit cycle: a fresh read of the version (``Pulse``) and a
``candidateEdit`` rename batch against it. A conflict is not retried: the next cycle reads afresh.
Latency is the time from sending a request to having its whole body; judging the body is not timed.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass

import uvloop

from bench.load import documents as docs
from bench.load.tally import (
    APPLIED,
    CONFLICT,
    EDIT,
    MAP,
    PULSE,
    Tally,
    judge_edit,
    judge_map,
    judge_pulse,
)
from bench.load.wire import Connection, WireError


@dataclass(frozen=True)
class Load:
    base_url: str
    repo_id: str
    tokens: list[str]  # one per client (AGENT seats)
    block_ids: list[str]
    write_share: float
    seed: int
    run: str  # distinguishes batch ids (and draws) between runs on the same store


async def _post(
    http: Connection, tally: Tally, kind: str, document: str, variables: dict[str, object], timed: bool
) -> tuple[int, object] | None:
    started = time.perf_counter()
    try:
        response = await http.post_json("/graphql", {"query": document, "variables": variables})
    except WireError as exc:
        tally.error(f"{kind}: {exc}")
        return None
    elapsed = time.perf_counter() - started
    if timed:
        tally.record(kind, elapsed, response.headers.get("cache-status"))
    try:
        return response.status, response.json()
    except ValueError:
        return response.status, response.body.decode("utf-8", "replace")


async def _client(load: Load, k: int, deadline: float, tally: Tally, timed: bool) -> None:
    phase = "t" if timed else "w"  # a warm-up and the timed run must not share batch ids (a replay answers)
    rng = random.Random(f"{load.seed}:{load.run}:{phase}:{k}")
    headers = {"authorization": f"Bearer {load.tokens[k]}", "accept": "application/json"}
    last_seen, serial = 0, 0
    http = Connection(load.base_url, headers)
    try:
        while time.perf_counter() < deadline:
            if rng.random() >= load.write_share:
                answer = await _post(
                    http, tally, MAP, docs.MAP, {"repo": load.repo_id, "unmapped": docs.TRAY_PAGE}, timed
                )
                if answer is not None:
                    version, problem = judge_map(*answer, len(load.block_ids), last_seen)
                    last_seen = max(last_seen, version or 0)
                    if problem and timed:
                        tally.error(problem)
                continue
            answer = await _post(http, tally, PULSE, docs.PULSE, {"repo": load.repo_id}, timed)
            if answer is None:
                continue
            version, problem = judge_pulse(*answer, last_seen)
            if problem or version is None:
                if timed:
                    tally.error(problem or f"{PULSE}: no version")
                continue
            last_seen = version
            serial += 1
            ops = docs.rename_ops(rng, load.block_ids, k, serial)
            variables = {
                "repo": load.repo_id,
                "v": version,
                "batch": f"load-{load.run}-{phase}-{k}-{serial}",
                "ops": ops,
            }
            answer = await _post(http, tally, EDIT, docs.EDIT, variables, timed)
            if answer is None:
                continue
            outcome, current, problem = judge_edit(*answer, version)
            last_seen = max(last_seen, current or 0)
            if not timed:
                continue
            if problem:
                tally.error(problem)
            elif outcome in (APPLIED, CONFLICT):
                tally.outcomes[outcome] += 1
                if outcome == APPLIED and current is not None:
                    tally.applied_versions.append(current)
    finally:
        await http.close()


async def _drive(load: Load, clients: int, seconds: float, timed: bool) -> tuple[Tally, float]:
    tally = Tally()
    started = time.perf_counter()
    deadline = started + seconds
    await asyncio.gather(*(_client(load, k, deadline, tally, timed) for k in range(clients)))
    return tally, time.perf_counter() - started


def drive(load: Load, clients: int, seconds: float, *, timed: bool = True) -> tuple[Tally, float]:
    """Run the load; return what was counted and the wall seconds it took (requests in flight at the deadline
    finish and count, so this is a little more than ``seconds``). ``timed=False``: a warm-up, nothing kept."""
    if clients > len(load.tokens):
        raise ValueError(f"{clients} clients but only {len(load.tokens)} tokens")
    return uvloop.run(_drive(load, clients, seconds, timed))  # the cheaper loop: the client shares the CPUs
