"""bench/load: the HTTP API under a mixed load of map reads and edit batches, from a second process.

    .venv/bin/python -m bench.load [--seconds 30] [--clients 1,4,16] [--mix 80:20] [--blocks 60] [--members 400]
                                   [--seed 7] [--warmup 10] [--baseline-seconds 10] [--instance bench-load] [--json]

Starts (provisioning the first time) its own local Neo4j + GDS instance (``--instance``; an external
``NEO4J_URI`` wins) and stops it afterwards if it started it, imports a generated candidate of ``--blocks``
blocks and about ``--members`` member paths (deterministic from ``--seed``), serves the API with a real
`coderooms serve` subprocess and drives it from this process on loopback with each ``--clients`` count in
turn: map reads (the screen's own ``Map`` query) and edit cycles (a fresh ``Pulse`` read of the version, then
a ``candidateEdit`` batch of one to three renames), mixed ``--mix`` read:write, for ``--seconds`` each.

Prints, per level: requests, throughput and p50/p99/max latency per kind, edits applied, honest version
conflicts, and errors (anything but 200 + data, a dishonest conflict, a rejected batch, a version going back;
the first few distinct ones are shown). Baseline, in the same invocation and on the same store: the single
Cypher statement behind a map read (``store_read``) through ``graphdb.database.Database``, sequentially at the
start, and after each level's warm-up with as many concurrent readers as clients. Target (issue 8): zero errors
besides honest conflicts, and map-read p99 ≤ 2 × the Cypher p99 at the same concurrency. Exit 1 when there were
errors.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import uuid
from typing import Any

from bench.common import bench_repo
from bench.cpu import process_cpu_seconds
from bench.load import documents as docs
from bench.load.baseline import cypher_baseline
from bench.load.drive import Load, drive
from bench.load.seed import realistic_candidate
from bench.load.tally import (
    APPLIED,
    CONFLICT,
    KINDS,
    MAP,
    TARGET_RATIO,
    Tally,
    parse_levels,
    parse_mix,
    summarize,
    verdict,
)
from graphdb.database import Database
from graphdb.runtime import LocalInstance
from graphdb.settings import DbSettings
from graphdb.tokens import create_token, revoke_label
from rooms.contract import Seat, serialize_seed
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.api.edit_support import IMPORT

LABEL = "bench-load"
SHOWN_ERRORS = 5


class _Cpu:
    """Share of one core used by this process, the API and Neo4j between ``start`` and ``stop``."""

    def __init__(self, api_pid: int, neo4j_pid: int | None) -> None:
        self.pids = {"api": api_pid, "neo4j": neo4j_pid}

    def start(self) -> None:
        self.wall, self.self_cpu = time.perf_counter(), time.process_time()
        self.others = {name: process_cpu_seconds(pid) for name, pid in self.pids.items()}

    def stop(self) -> dict[str, float | None]:
        wall = time.perf_counter() - self.wall
        shares: dict[str, float | None] = {"bench": (time.process_time() - self.self_cpu) / wall}
        for name, before in self.others.items():
            after = process_cpu_seconds(self.pids[name])
            shares[name] = None if before is None or after is None else (after - before) / wall
        return shares


def _import(api: ServedApi, seed_text: str) -> None:
    """Import the seed through the API, as a user would."""
    body = api.post(IMPORT, {"seed": seed_text, "v": None}).json()
    if ((body.get("data") or {}).get("importSeed") or {}).get("__typename") != "SeedImported":
        raise SystemExit(f"bench/load: importSeed failed: {str(body)[:500]}")


def _version(api: ServedApi, repo_id: str) -> int:
    return int(api.graphql(docs.PULSE, {"repo": repo_id})["data"]["store"]["storeVersion"])


def _level(
    db: Database,
    api: ServedApi,
    load: Load,
    clients: int,
    args: argparse.Namespace,
    sequential: dict[str, float],
    cpu: _Cpu,
) -> dict[str, Any]:
    drive(load, clients, args.warmup, timed=False)
    # Measured after the warm-up, as the level is: right after the server starts, Neo4j's JIT is still compiling.
    samples, wall = cypher_baseline(db, load.repo_id, clients, args.baseline_seconds)
    cypher = summarize(samples, wall)
    before = _version(api, load.repo_id)
    load_before = os.getloadavg()[0]
    cpu.start()
    tally, wall = drive(load, clients, args.seconds)
    shares = cpu.stop()
    machine_load = max(load_before, os.getloadavg()[0])
    after = _version(api, load.repo_id)
    _check_versions(tally, before, after)
    kinds = {kind: summarize(tally.latencies[kind], wall) for kind in KINDS}
    total = sum(len(v) for v in tally.latencies.values())
    ratio, met = verdict(kinds[MAP]["p99_ms"], cypher["p99_ms"])
    return {
        "clients": clients,
        "seconds": wall,
        "requests": total,
        "rps": total / wall,
        "kinds": kinds,
        "applied": tally.outcomes[APPLIED],
        "conflicts": tally.outcomes[CONFLICT],
        "errors": tally.error_count,
        "distinct_errors": [{"text": t, "count": n} for t, n in tally.errors.items()],
        "map_answers": {how: summarize(seconds, wall) for how, seconds in sorted(tally.map_answers.items())},
        "cypher": cypher,
        "ratio": ratio,
        "ratio_sequential": kinds[MAP]["p99_ms"] / sequential["p99_ms"],
        "target": met,
        "cpu": shares,
        "load_average": machine_load,
        "versions": [before, after],
        # CPU milliseconds each process spent per request: steadier than latency on a busy machine.
        "cpu_ms_per_request": {
            name: None if share is None else share * wall / max(total, 1) * 1e3 for name, share in shares.items()
        },
    }


def _check_versions(tally: Tally, before: int, after: int) -> None:
    """Every applied batch bumped the version once, and no two claim the same version."""
    if tally.lost_updates():
        tally.error(f"lost update: {tally.lost_updates()} applied batches claim a version another one claims")
    if after - before != tally.outcomes[APPLIED]:
        tally.error(f"the store went from v{before} to v{after} but {tally.outcomes[APPLIED]} batches were applied")


def _print_level(level: dict[str, Any], mix: str) -> None:
    print(
        f"\n{level['clients']} client(s), {level['seconds']:.1f} s, mix {mix} (read:write): "
        f"{level['requests']} requests, {level['rps']:.1f} req/s"
    )
    print(f"  {'kind':<22}{'requests':>9}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    baseline = f"cypher x{level['clients']}"
    rows = [(kind, level["kinds"][kind]) for kind in KINDS] + [(baseline, level["cypher"])]
    for label, f in rows:
        print(
            f"  {label:<22}{f['requests']:>9}{f['rps']:>9.1f}{f['p50_ms']:>9.2f}{f['p99_ms']:>9.2f}{f['max_ms']:>9.2f}"
        )
    print(f"  edits: {level['applied']} {APPLIED}, {level['conflicts']} honest {CONFLICT}; errors: {level['errors']}")
    answers = level["map_answers"]
    total = max(sum(f["requests"] for f in answers.values()), 1)
    shares = ", ".join(
        f"{f['requests'] * 100 / total:.0f}% {how} (p50 {f['p50_ms']:.1f}, p99 {f['p99_ms']:.1f} ms)"
        for how, f in answers.items()
    )
    print(f"  map reads answered (Cache-Status): {shares}\n    (hit: kept; stored/miss: computed)")
    for each in level["distinct_errors"][:SHOWN_ERRORS]:
        print(f"    {each['count']:>5} × {each['text']}")
    cpu = level["cpu"]
    shown = ", ".join(f"{name} {share * 100:.0f}%" for name, share in cpu.items() if share is not None)
    per = ", ".join(f"{name} {ms:.1f}" for name, ms in level["cpu_ms_per_request"].items() if ms is not None)
    print(
        f"  CPU (share of one core; {os.cpu_count()} CPUs): {shown}; CPU ms per request: {per}; machine load average "
        f"{level['load_average']:.1f} (other work skews every figure)"
    )
    if level["load_average"] > (os.cpu_count() or 1):
        print(
            f"  warning: the machine was busy (load {level['load_average']:.1f} on {os.cpu_count()} CPUs): "
            "latencies are inflated, the CPU ms per request less so"
        )
    print(
        f"  map read p99 / cypher p99 = {level['ratio']:.2f} (target ≤ {TARGET_RATIO:g}): {level['target']}"
        f"   [vs sequential cypher: {level['ratio_sequential']:.2f}]"
    )


def _print_summary(levels: list[dict[str, Any]], sequential: dict[str, float]) -> None:
    print(
        f"\nsequential cypher store_read: p50 {sequential['p50_ms']:.2f} ms, p99 {sequential['p99_ms']:.2f} ms "
        f"({sequential['requests']} runs)"
    )
    print(
        f"  {'clients':>7}{'req/s':>9}{'map p50':>9}{'map p99':>9}{'cy p99':>9}{'ratio':>7}{'edit p99':>9}"
        f"{'applied':>8}{'confl.':>7}{'errors':>7}  target"
    )
    for lv in levels:
        print(
            f"  {lv['clients']:>7}{lv['rps']:>9.1f}{lv['kinds'][MAP]['p50_ms']:>9.2f}{lv['kinds'][MAP]['p99_ms']:>9.2f}"
            f"{lv['cypher']['p99_ms']:>9.2f}{lv['ratio']:>7.2f}{lv['kinds']['edit batch']['p99_ms']:>9.2f}"
            f"{lv['applied']:>8}{lv['conflicts']:>7}{lv['errors']:>7}  {lv['target']}"
        )


def _database(args: argparse.Namespace) -> tuple[Database, LocalInstance | None, bool]:
    """The database handle, the local instance (None when external) and whether we started it."""
    settings = DbSettings()
    instance: LocalInstance | None = None
    started = False
    if not settings.external:
        settings = settings.model_copy(update={"instance": args.instance})
        instance = LocalInstance(
            settings,
            log=(lambda _: None) if args.json else (lambda line: print(f"[db] {line}", file=sys.stderr, flush=True)),
        )
        started = instance.running_pid() is None
        instance.start()
    return Database.connect(settings), instance, started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each timed run")
    parser.add_argument(
        "--clients", default="1,4,16", help="concurrent clients; a comma-separated list runs each in turn"
    )
    parser.add_argument("--mix", default="80:20", help="read:write, e.g. 80:20 (a write is a version read + an edit)")
    parser.add_argument("--blocks", type=int, default=60)
    parser.add_argument("--members", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    # 3 s left the first level of a freshly started server measured while Neo4j's JIT still compiled the edit path
    # (10.9 ms of Neo4j CPU per request at 1 client, against 4.4 ms warm).
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of untimed load before each level")
    parser.add_argument("--baseline-seconds", type=float, default=10.0)
    parser.add_argument("--instance", default="bench-load", help="local Neo4j instance (ignored with NEO4J_URI)")
    parser.add_argument("--keep-db", action="store_true", help="leave the instance running if this run started it")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout, nothing else")
    args = parser.parse_args(argv)
    try:
        levels, write_share = parse_levels(args.clients), parse_mix(args.mix)
    except ValueError as exc:
        parser.error(str(exc))

    db, instance, started = _database(args)
    api: ServedApi | None = None
    try:
        db.apply_schema()
        with bench_repo(db, "bench-load") as repo_id:
            seed = realistic_candidate(repo_id, args.blocks, args.members, args.seed)
            owner = create_token(db, Seat.OWNER, "bench-load-owner", LABEL)[1]
            tokens = [create_token(db, Seat.AGENT, f"load-{k}", LABEL)[1] for k in range(max(levels))]
            try:
                assert db.target is not None
                api = serve(env_for(db.target), owner)
                _import(api, serialize_seed(seed))
                block_ids = [b.block_id for b in seed.blocks]
                cypher_baseline(db, repo_id, 1, args.warmup)  # warm the plan cache and Neo4j's JIT, untimed
                seq_samples, seq_wall = cypher_baseline(db, repo_id, 1, args.baseline_seconds)
                sequential = summarize(seq_samples, seq_wall)
                cpu = _Cpu(api.process.pid, instance.running_pid() if instance else None)
                results = []
                for clients in levels:
                    load = Load(api.base_url, repo_id, tokens, block_ids, write_share, args.seed, uuid.uuid4().hex[:8])
                    results.append(_level(db, api, load, clients, args, sequential, cpu))
                    if not args.json:
                        _print_level(results[-1], args.mix)
            finally:
                if api is not None:
                    stop(api)
                revoke_label(db, LABEL)
    finally:
        db.close()
        if instance is not None and started and not args.keep_db:
            instance.stop()

    members = sum(len(b.membership) for b in seed.blocks)
    config = {
        "seconds": args.seconds,
        "clients": levels,
        "mix": args.mix,
        "write_share": write_share,
        "blocks": args.blocks,
        "members": members,
        "seed": args.seed,
        "warmup": args.warmup,
        "baseline_seconds": args.baseline_seconds,
        "cpus": os.cpu_count(),
        "target_ratio": TARGET_RATIO,
    }
    if args.json:
        json.dump({"config": config, "cypher_sequential": sequential, "levels": results}, sys.stdout, indent=2)
        print()
    else:
        print(
            f"\nstore: {args.blocks} blocks, {members} memberships (seed {args.seed}); "
            f"API and Neo4j on loopback, {os.cpu_count()} CPUs shared by the bench, the API and Neo4j"
        )
        _print_summary(results, sequential)
    return 1 if any(level["errors"] for level in results) else 0


if __name__ == "__main__":
    sys.exit(main())
