"""16 clients × 50 batches on one store through the HTTP API: OCC stays exact."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.api.conftest import ServedApi
from tests.api.edit_support import EDIT, candidate_seed, import_seed

pytestmark = pytest.mark.integration

CLIENTS, BATCHES = 16, 50
VERSION = "query($r: ID!) { store(repoId: $r) { storeVersion } }"


def _client(api: ServedApi, repo_id: str, client: int) -> list[tuple[str, dict]]:
    results = []
    headers = {"authorization": f"Bearer {api.token}"}
    with httpx.Client(base_url=api.base_url, headers=headers, timeout=60) as http:
        for n in range(BATCHES):
            read = http.post("/graphql", json={"query": VERSION, "variables": {"r": repo_id}}).json()
            assert read.get("data"), read
            version = read["data"]["store"]["storeVersion"]
            batch_id = f"c{client}-b{n}"
            ops = [{"rename": {"blockId": "sb_api", "name": f"API {client}.{n}"}}]
            body = http.post(
                "/graphql",
                json={"query": EDIT, "variables": {"repo": repo_id, "v": version, "ops": ops, "batch": batch_id}},
            ).json()
            assert body.get("data"), body
            results.append((batch_id, body["data"]["candidateEdit"]))
    return results


def test_concurrent_editors_collide_honestly(api: ServedApi, repo_id: str) -> None:
    start = import_seed(api, candidate_seed(repo_id))
    with ThreadPoolExecutor(CLIENTS) as pool:
        outcomes = [r for rs in pool.map(lambda c: _client(api, repo_id, c), range(CLIENTS)) for r in rs]
    assert len(outcomes) == CLIENTS * BATCHES
    kinds = {o["__typename"] for _, o in outcomes}
    assert kinds <= {"EditApplied", "VersionConflict"}, kinds
    applied = {batch: o["storeVersion"] for batch, o in outcomes if o["__typename"] == "EditApplied"}
    versions = sorted(applied.values())
    assert versions == list(range(start + 1, start + 1 + len(versions))), "distinct and contiguous"
    assert len(applied) >= CLIENTS, "every client wins sometimes"
    for _, o in outcomes:
        if o["__typename"] == "VersionConflict":
            assert o["actual"] > o["expected"]
    history = api.graphql(
        "query($r: ID!, $n: Int!) { history(repoId: $r, last: $n) { batchId storeVersion kind } }",
        {"r": repo_id, "n": 500},
    )["data"]["history"]
    recorded = {h["batchId"]: h["storeVersion"] for h in history if h["kind"] == "edit"}
    assert recorded == applied, "no applied edit is lost, none recorded twice"
    final = api.graphql(VERSION, {"r": repo_id})["data"]["store"]["storeVersion"]
    assert final == start + len(applied)
    last_batch = max(applied, key=applied.get)
    client, n = last_batch[1:].split("-b")
    seed = json.loads(api.graphql("query($r: ID!) { exportSeed(repoId: $r) }", {"r": repo_id})["data"]["exportSeed"])
    assert seed["blocks"][0]["name"] == f"API {client}.{n}", "the store holds the last applied batch's edit"
