"""importSeed / exportSeed / store over real HTTP: seats, refusals that write nothing, byte stability."""

from __future__ import annotations

import json

import pytest

from graphdb.database import Database
from graphdb.tokens import create_token
from rooms.contract import Seat, serialize_seed
from tests.api.conftest import ServedApi
from tests.integration.store.test_candidate_writes import block, candidate

pytestmark = pytest.mark.integration

IMPORT = """
mutation($seed: String!, $v: Int) {
  importSeed(input: {seed: $seed, expectedStoreVersion: $v}) {
    __typename
    ... on SeedImported { store { storeVersion blocks { blockId name seamPaths } } }
    ... on VersionConflict { expected actual }
    ... on Refused { code message }
  }
}"""
EXPORT = "query($r: ID!) { exportSeed(repoId: $r) store(repoId: $r) { storeVersion } }"


def seed_text(repo_id: str) -> str:
    return serialize_seed(candidate(repo_id, block("sb_api", ["api/**"], ["sb_core"]), block("sb_core", ["core/**"])))


def test_import_then_export_is_byte_identical(api: ServedApi, repo_id: str) -> None:
    text = seed_text(repo_id)
    result = api.graphql(IMPORT, {"seed": text, "v": None})["data"]["importSeed"]
    assert result["__typename"] == "SeedImported"
    assert result["store"]["storeVersion"] == 1
    assert [b["blockId"] for b in result["store"]["blocks"]] == ["sb_api", "sb_core"]
    exported = api.graphql(EXPORT, {"r": repo_id})["data"]
    assert exported["exportSeed"] == text and exported["store"]["storeVersion"] == 1
    again = api.graphql(IMPORT, {"seed": text, "v": 1})["data"]["importSeed"]
    assert again["__typename"] == "SeedImported" and again["store"]["storeVersion"] == 2
    stale = api.graphql(IMPORT, {"seed": text, "v": 1})["data"]["importSeed"]
    assert stale == {"__typename": "VersionConflict", "expected": 1, "actual": 2}


@pytest.mark.parametrize("seat", [Seat.AGENT, Seat.READER])
def test_only_the_owner_imports(api: ServedApi, db: Database, repo_id: str, seat: Seat) -> None:
    token = create_token(db, seat, f"not-owner-{seat.value}")[1]
    result = api.graphql(IMPORT, {"seed": seed_text(repo_id), "v": None}, token=token)["data"]["importSeed"]
    assert result["__typename"] == "Refused" and result["code"] == "SEAT_FORBIDDEN"
    assert api.graphql(EXPORT, {"r": repo_id})["data"]["store"] is None


def _mutate(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(surprise=1), "UNKNOWN_FIELD"),
        (lambda d: d["blocks"][0]["membership"][0].update(path="../etc/passwd"), "INVALID_PATH"),
        (lambda d: d["blocks"][0]["membership"][0].update(path="/abs/x.py"), "INVALID_PATH"),
        (lambda d: d["blocks"][0].update(state="happy"), "INVALID_ENUM"),
        (lambda d: d.update(schema="other"), "SCHEMA_MISMATCH"),
    ],
)
def test_malformed_seed_is_refused_and_the_store_is_untouched(api: ServedApi, repo_id: str, change, code: str) -> None:
    good = seed_text(repo_id)
    api.graphql(IMPORT, {"seed": good, "v": None})
    before = api.graphql(EXPORT, {"r": repo_id})["data"]
    result = api.graphql(IMPORT, {"seed": _mutate(good, change), "v": 1})["data"]["importSeed"]
    assert result["__typename"] == "Refused" and result["code"] == code, result
    assert api.graphql(EXPORT, {"r": repo_id})["data"] == before


def test_not_json_is_refused(api: ServedApi, repo_id: str) -> None:
    result = api.graphql(IMPORT, {"seed": "{not json", "v": None})["data"]["importSeed"]
    assert result["__typename"] == "Refused" and result["code"] == "INVALID_JSON"
