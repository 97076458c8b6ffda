"""reconcile over HTTP: globs resolved against the latest ingest's files, fingerprints, residue cache."""

from __future__ import annotations

import json

import pytest

from graphdb.database import Database
from rooms.contract import SkeletonState
from rooms.reconcile import fingerprint
from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, export, import_seed
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration

RECONCILE = """mutation($r: ID!) { reconcile(input: {repoId: $r}) { __typename
  ... on Reconciled { store { storeVersion unmappedFiles unmappedTotal blocks { blockId boundaryVersion } } }
  ... on Refused { code } } }"""
FILES = ["a/one.py", "a/two.py", "b/one.py", "b/two.py"]


def _files(db: Database, repo_id: str) -> None:
    db.driver.execute_query(
        fixture_cypher("two_file_cliques"), repo_id=repo_id, files=FILES, edges=[], database_=db.database
    )


def _ratified(repo_id: str) -> str:
    seed = json.loads(candidate_seed(repo_id, state=SkeletonState.RATIFIED))
    seed["blocks"][0]["membership"] = [{"path": "a/**", "role": "primary"}]
    seed["blocks"][1]["membership"] = [{"path": "b/one.py", "role": "primary"}]
    return json.dumps(seed)


def test_reconcile_resolves_and_caches_the_residue(api: ServedApi, db: Database, repo_id: str) -> None:
    _files(db, repo_id)
    version = import_seed(api, _ratified(repo_id))
    result = api.graphql(RECONCILE, {"r": repo_id})["data"]["reconcile"]
    assert result["__typename"] == "Reconciled"
    store = result["store"]
    assert store["storeVersion"] == version + 1
    assert (store["unmappedFiles"], store["unmappedTotal"]) == (["b/two.py"], 1)
    blocks = {b["block_id"]: b for b in json.loads(export(api, repo_id))["blocks"]}
    assert blocks["sb_api"]["resolved_members"] == ["a/one.py", "a/two.py"]
    assert blocks["sb_api"]["membership_fingerprint"] == fingerprint(["a/one.py", "a/two.py"])
    assert blocks["sb_core"]["resolved_members"] == ["b/one.py"]
    reconciled = export(api, repo_id)
    again = api.graphql(RECONCILE, {"r": repo_id})["data"]["reconcile"]["store"]
    assert [b["boundaryVersion"] for b in again["blocks"]] == [b["boundaryVersion"] for b in store["blocks"]]
    # Nothing left to resolve: no write, no new version.
    assert again["storeVersion"] == version + 1
    assert export(api, repo_id) == reconciled


def test_a_candidate_is_not_reconciled(api: ServedApi, repo_id: str) -> None:
    import_seed(api, candidate_seed(repo_id))
    before = export(api, repo_id)
    result = api.graphql(RECONCILE, {"r": repo_id})["data"]["reconcile"]
    assert result == {"__typename": "Refused", "code": "SKELETON_NOT_RATIFIED"}
    assert export(api, repo_id) == before
