"""bench/cost: what refusing an over-budget query costs, against answering a small one, and the API's memory
under four over-budget queries at once.

    .venv/bin/python -m bench.cost [--blocks 400] [--members 10000] [--runs 200] [--instance bench-cost] [--json]

A store of ``--blocks`` blocks and ``--members`` member paths (``bench.load``'s generator) is written straight
to the database, and a real ``coderooms serve`` answers, one request at a
time on loopback, after an untimed warm-up, as a READER:

- ``refused``: the 32-alias ``exportSeed`` query of issue 34 (point 5), refused unrun with QUERY_TOO_COSTLY;
- ``serverInfo``: a small query (one database round trip);
- ``pulse``: the screen's ``Pulse`` read of the store's version and lease;
- ``one export``: one ``exportSeed``, the dearest field a request may ask for a few times over (a twentieth
  of ``--runs``: on this store each takes most of a second).

Before those, once every kind has answered once (so the peak includes one export's): four refused queries
at once, and the API process's peak resident memory (VmHWM) before and after.
Prints p50/p99 per kind, the price of each document (``api.cost``) and the memory growth.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from graphql import FragmentDefinitionNode, OperationDefinitionNode, parse
from graphql import build_schema as schema_from_sdl

from api.cost import price
from api.schema import sdl
from bench.common import bench_repo, percentiles
from bench.load import documents as docs
from bench.load.__main__ import _database
from bench.load.seed import realistic_candidate
from graphdb import store_writes
from graphdb.history import Actor
from graphdb.tokens import create_token, revoke_label
from rooms.contract import Seat, serialize_seed
from tests.api.conftest import env_for, serve, stop

LABEL = "bench-cost"
ATTACK = "query($repo: ID!) { " + " ".join(f"a{i}: exportSeed(repoId: $repo)" for i in range(32)) + " }"
EXPORT = "query($repo: ID!) { exportSeed(repoId: $repo) }"
DOCUMENTS = {
    "refused": ATTACK,
    "serverInfo": "{ serverInfo { version } }",
    "pulse": docs.PULSE,
    "one export": EXPORT,
}


def _price(document: str) -> int:
    parsed, schema = parse(document), schema_from_sdl(sdl())
    fragments = {d.name.value: d for d in parsed.definitions if isinstance(d, FragmentDefinitionNode)}
    return sum(price(schema, d, fragments) for d in parsed.definitions if isinstance(d, OperationDefinitionNode))


def _peak_rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:"))) / 1024


def _timed(client: httpx.Client, url: str, document: str, repo_id: str, runs: int) -> tuple[list[float], str]:
    samples, code = [], ""
    for _ in range(runs):
        started = time.perf_counter()
        response = client.post(url, json={"query": document, "variables": {"repo": repo_id}})
        samples.append(time.perf_counter() - started)
        errors = response.json().get("errors") or []
        code = errors[0].get("extensions", {}).get("code", "error") if errors else f"HTTP {response.status_code}"
    return samples, code


def run(args: argparse.Namespace) -> dict[str, Any]:
    db, instance, started = _database(args)
    try:
        db.apply_schema()
        with bench_repo(db, LABEL) as repo_id:
            seed = realistic_candidate(repo_id, blocks=args.blocks, members=args.members, seed=3)
            store_writes.import_seed(db, None, seed, actor=Actor(Seat.OWNER, LABEL))
            reader = create_token(db, Seat.READER, "bench-cost-reader", LABEL)[1]
            assert db.target is not None
            api = serve(env_for(db.target), reader)
            try:
                client = httpx.Client(headers={"authorization": f"Bearer {reader}"}, timeout=120)
                for document in DOCUMENTS.values():  # warm-up: plan caches, the parser and validation caches
                    _timed(client, api.graphql_url, document, repo_id, 1 if document is EXPORT else 3)
                before = _peak_rss_mb(api.process.pid)  # the peak one export set
                with ThreadPoolExecutor(4) as pool:
                    list(pool.map(lambda _: _timed(client, api.graphql_url, ATTACK, repo_id, 1), range(4)))
                grown = _peak_rss_mb(api.process.pid) - before
                figures = {}
                for kind, document in DOCUMENTS.items():
                    runs = max(args.runs // 20, 3) if document is EXPORT else args.runs
                    samples, code = _timed(client, api.graphql_url, document, repo_id, runs)
                    figures[kind] = {"cost": _price(document), "answer": code, "runs": runs, **percentiles(samples)}
            finally:
                stop(api)
                revoke_label(db, LABEL)
    finally:
        db.close()
        if instance is not None and started:
            instance.stop()
    return {
        "blocks": args.blocks,
        "members": args.members,
        "seed_bytes": len(serialize_seed(seed)),
        "figures": figures,
        "peak_rss_mb_before": before,
        "peak_rss_growth_mb_four_refused": grown,
    }


def _print(result: dict[str, Any]) -> None:
    print(f"{result['blocks']} blocks, {result['members']} members, a {result['seed_bytes']:,}-byte seed")
    print(f"  {'query':<12}{'cost':>9}  {'answer':<18}{'runs':>6}{'p50 ms':>9}{'p99 ms':>9}")
    for kind, f in result["figures"].items():
        print(f"  {kind:<12}{f['cost']:>9,}  {f['answer']:<18}{f['runs']:>6}{f['p50_ms']:>9.2f}{f['p99_ms']:>9.2f}")
    refused, small = result["figures"]["refused"], result["figures"]["serverInfo"]
    print(f"  refusing costs {refused['p50_ms'] / small['p50_ms']:.2f} × a small query (p50)")
    print(
        f"  four refused at once: the API's peak memory {result['peak_rss_mb_before']:.0f} MB, "
        f"+{result['peak_rss_growth_mb_four_refused']:.1f} MB"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--blocks", type=int, default=400)
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=200, help="timed requests per kind")
    parser.add_argument("--instance", default="bench-cost", help="local Neo4j instance (ignored with NEO4J_URI)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout, nothing else")
    args = parser.parse_args(argv)
    result = run(args)
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        print()
    else:
        _print(result)
    return 0 if result["figures"]["refused"]["answer"] == "QUERY_TOO_COSTLY" else 1


if __name__ == "__main__":
    sys.exit(main())
