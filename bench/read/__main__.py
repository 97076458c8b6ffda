"""bench/read: the screen's map read through the API against the bare Cypher query behind it, side by side.

    .venv/bin/python -m bench.read [--blocks 60,400] [--runs 300] [--changes 100] [--seed 7]
                                   [--instance bench-read] [--profile DIR] [--json]

For each store size (``--blocks``; about seven member paths per block, generated as ``bench.load``'s), in one
invocation and on one local Neo4j instance (``--instance``; an external ``NEO4J_URI`` wins): the store is
imported through a real ``coderooms serve`` subprocess, then, one request at a time on loopback, after an
untimed warm-up:

- ``cypher``: the one statement behind a map read (``store_read``) through ``graphdb.database.Database``;
- ``unchanged``: the screen's ``Map`` query over HTTP on an unchanged store (answered by the response cache);
- ``304``: the same with the ``If-None-Match`` of the last answer (no body);
- ``no cache``: the same reads from a second server with ``CODEROOMS_RESPONSE_CACHE=false``: plain Strawberry;
- ``after a change``: the first ``Map`` read after a one-rename ``candidateEdit`` (untimed): plain Strawberry
  plus the cache's two peeks of the store's head.

Prints p50/p99 of each and the p99 ratios against ``cypher``. Targets (issue 36): unchanged ≤ 1.5×, no cache and after
a change ≤ 10×. With ``--profile DIR`` the API runs under py-spy (if installed) while the after-a-change reads
run, and a flame graph per size is written into DIR.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.common import bench_repo, percentiles
from bench.load import documents as docs
from bench.load.__main__ import _database, _import
from bench.load.seed import realistic_candidate
from bench.load.wire import Connection
from graphdb.database import Database
from graphdb.tokens import create_token, revoke_label
from rooms.contract import Seat, serialize_seed
from tests.api.conftest import ServedApi, env_for, serve, stop

LABEL = "bench-read"
MEMBERS_PER_BLOCK = 7
TARGETS = {"unchanged": 1.5, "304": 1.5, "no cache": 10.0, "after a change": 10.0}


def _cypher(db: Database, repo_id: str, runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        db.rows("store_read", repo_id=repo_id)
        samples.append(time.perf_counter() - started)
    return samples


async def _reads(api: ServedApi, repo_id: str, runs: int, revalidate: bool) -> list[float]:
    """Map reads of an unchanged store; with ``revalidate``, each names the last ETag (and must get 304)."""
    variables = {"repo": repo_id, "unmapped": docs.TRAY_PAGE}
    headers = _headers(api)
    if revalidate:
        first = await Connection(api.base_url, headers).post_json(
            "/graphql", {"query": docs.MAP, "variables": variables}
        )
        headers = headers | {"if-none-match": first.headers["etag"]}
    connection = Connection(api.base_url, headers)
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        answer = await connection.post_json("/graphql", {"query": docs.MAP, "variables": variables})
        samples.append(time.perf_counter() - started)
        if answer.status != (304 if revalidate else 200):
            raise SystemExit(f"bench/read: map read answered {answer.status}: {answer.body[:300]!r}")
    await connection.close()
    return samples


async def _after_changes(api: ServedApi, repo_id: str, block_id: str, runs: int) -> list[float]:
    """The first map read after each of ``runs`` one-rename edits (the edits are not timed)."""
    variables = {"repo": repo_id, "unmapped": docs.TRAY_PAGE}
    connection = Connection(api.base_url, _headers(api))
    version = (await connection.post_json("/graphql", {"query": docs.PULSE, "variables": {"repo": repo_id}})).json()[
        "data"
    ]["store"]["storeVersion"]  # type: ignore[index]
    samples = []
    for serial in range(runs):
        ops = [{"rename": {"blockId": block_id, "name": f"renamed {serial}"}}]
        edited = (
            await connection.post_json(
                "/graphql",
                {"query": docs.EDIT, "variables": {"repo": repo_id, "v": version, "batch": None, "ops": ops}},
            )
        ).json()
        outcome = edited["data"]["candidateEdit"]  # type: ignore[index]
        if outcome["__typename"] != "EditApplied":
            raise SystemExit(f"bench/read: the edit was not applied: {outcome}")
        version = outcome["storeVersion"]
        started = time.perf_counter()
        answer = await connection.post_json("/graphql", {"query": docs.MAP, "variables": variables})
        samples.append(time.perf_counter() - started)
        data = answer.json()["data"]  # type: ignore[index]
        if answer.status != 200 or data["store"]["storeVersion"] != version:
            raise SystemExit(f"bench/read: the read after a change missed it: {answer.body[:300]!r}")
    await connection.close()
    return samples


def _summary(samples: list[float]) -> dict[str, float]:
    return {"requests": len(samples), **percentiles(samples)}


def _headers(api: ServedApi) -> dict[str, str]:
    return {"authorization": f"Bearer {api.token}", "accept": "application/graphql-response+json, application/json"}


def _size(db: Database, blocks: int, args: argparse.Namespace) -> dict[str, Any]:
    with bench_repo(db, LABEL) as repo_id:
        seed = realistic_candidate(repo_id, blocks, blocks * MEMBERS_PER_BLOCK, args.seed)
        owner = create_token(db, Seat.OWNER, "bench-read-owner", LABEL)[1]
        assert db.target is not None
        api = serve(env_for(db.target), owner)
        try:
            _import(api, serialize_seed(seed))
            block_id = seed.blocks[0].block_id
            _cypher(db, repo_id, args.runs)  # warm-ups: Neo4j's plan cache and JIT, the server's first requests
            asyncio.run(_reads(api, repo_id, args.runs // 3, revalidate=False))
            asyncio.run(_after_changes(api, repo_id, block_id, max(args.changes // 3, 1)))
            figures = {
                "cypher": _summary(_cypher(db, repo_id, args.runs)),
                "unchanged": _summary(asyncio.run(_reads(api, repo_id, args.runs, False))),
                "304": _summary(asyncio.run(_reads(api, repo_id, args.runs, True))),
            }
            uncached = serve({**env_for(db.target), "CODEROOMS_RESPONSE_CACHE": "false"}, owner)
            try:
                asyncio.run(_reads(uncached, repo_id, args.changes // 3, False))
                figures["no cache"] = _summary(asyncio.run(_reads(uncached, repo_id, args.changes, False)))
            finally:
                stop(uncached)
            profiler = _profiler(api, args.profile, blocks)
            try:
                figures["after a change"] = _summary(asyncio.run(_after_changes(api, repo_id, block_id, args.changes)))
            finally:
                _stop_profiler(profiler)
        finally:
            stop(api)
            revoke_label(db, LABEL)
    members = sum(len(b.membership) for b in seed.blocks)
    return {
        "blocks": blocks,
        "members": members,
        "figures": figures,
        "ratios": {k: figures[k]["p99_ms"] / figures["cypher"]["p99_ms"] for k in TARGETS},
    }


def _profiler(api: ServedApi, directory: str | None, blocks: int) -> subprocess.Popen[bytes] | None:
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if directory is None or not Path(spy).exists():
        return None
    Path(directory).mkdir(parents=True, exist_ok=True)
    out = Path(directory) / f"after-a-change-{blocks}.svg"
    return subprocess.Popen(
        [
            spy,
            "record",
            "--pid",
            str(api.process.pid),
            "--rate",
            "500",
            "--output",
            str(out),
            "--nonblocking",
            "--idle",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _stop_profiler(profiler: subprocess.Popen[bytes] | None) -> None:
    if profiler is not None:
        profiler.send_signal(2)  # SIGINT: py-spy writes its output and exits
        profiler.wait(timeout=60)


def _print(result: dict[str, Any]) -> None:
    print(f"\n{result['blocks']} blocks, {result['members']} memberships")
    print(f"  {'read':<18}{'runs':>6}{'p50 ms':>9}{'p99 ms':>9}{'p99 / cypher':>14}  target")
    for kind, f in result["figures"].items():
        ratio = "" if kind == "cypher" else f"{result['ratios'][kind]:.2f}"
        target = (
            f"≤ {TARGETS[kind]:g}: {'met' if result['ratios'][kind] <= TARGETS[kind] else 'missed'}"
            if kind in TARGETS
            else ""
        )
        print(f"  {kind:<18}{f['requests']:>6}{f['p50_ms']:>9.2f}{f['p99_ms']:>9.2f}{ratio:>14}  {target}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", default="60,400", help="store sizes, comma-separated")
    parser.add_argument("--runs", type=int, default=300, help="timed reads per kind (unchanged, 304, cypher)")
    parser.add_argument("--changes", type=int, default=100, help="timed first reads after a change")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--instance", default="bench-read", help="local Neo4j instance (ignored with NEO4J_URI)")
    parser.add_argument("--keep-db", action="store_true", help="leave the instance running if this run started it")
    parser.add_argument("--profile", metavar="DIR", help="py-spy flame graphs of the after-a-change reads")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout, nothing else")
    args = parser.parse_args(argv)
    sizes = [int(part) for part in args.blocks.split(",") if part.strip()]
    db, instance, started = _database(args)
    try:
        db.apply_schema()
        results = []
        for blocks in sizes:
            results.append(_size(db, blocks, args))
            if not args.json:
                _print(results[-1])
    finally:
        db.close()
        if instance is not None and started and not args.keep_db:
            instance.stop()
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    met = all(r["ratios"][k] <= TARGETS[k] for r in results for k in TARGETS)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
