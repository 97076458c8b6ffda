"""GraphQL limits: depth, cost, tokens, body size and introspection answer fast with clear errors."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import pytest
from graphql import GraphQLError

from api.limits import _unexpected
from graphdb.connection import Target
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.api.edit_support import EDIT, candidate_seed, export, import_seed

RENAME = {"rename": {"blockId": "sb_api", "name": "Renamed by a chunked body"}}
HISTORY = "query($r: ID!) { history(repoId: $r) { kind } }"

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def strict_api(neo4j_target: Target, owner_token: str) -> Iterator[ServedApi]:
    env = {
        **env_for(neo4j_target),
        "CODEROOMS_MAX_QUERY_DEPTH": "3",
        "CODEROOMS_MAX_QUERY_COST": "2000",
        "CODEROOMS_MAX_TOKENS": "200",
        "CODEROOMS_MAX_BODY_BYTES": "4096",
        "CODEROOMS_INTROSPECTION": "false",
    }
    served = serve(env, owner_token)
    yield served
    stop(served)


def _errors(api: ServedApi, document: str) -> list[str]:
    started = time.monotonic()
    body = api.graphql(document)
    assert time.monotonic() - started < 5
    assert body.get("data") is None
    return [e["message"] for e in body["errors"]]


# Each breach is sent twice: parsed and validated documents are cached, and a cached one must be refused too.
def test_depth_limit(strict_api: ServedApi) -> None:
    for _ in range(2):
        deep = '{ store(repoId: "x") { candidateRevision { blocks { membership { path } } } } }'
        assert any("depth" in m for m in _errors(strict_api, deep))


def test_cost_limit(strict_api: ServedApi) -> None:
    aliases = " ".join(f"a{i}: serverInfo {{ version }}" for i in range(20))  # a database round trip each
    for _ in range(2):
        assert any(
            "too costly: it costs 2040 and the budget is 2000" in m for m in _errors(strict_api, "{ " + aliases + " }")
        )


def test_token_limit(strict_api: ServedApi) -> None:
    fields = " ".join("version" for _ in range(250))
    for _ in range(2):
        assert any("token" in m.lower() for m in _errors(strict_api, "{ serverInfo { " + fields + " } }"))


def test_body_limit(strict_api: ServedApi) -> None:
    response = httpx.post(
        strict_api.graphql_url,
        content=b'{"query": "' + b" " * 10_000 + b'{ serverInfo { version } }"}',
        headers={"authorization": f"Bearer {strict_api.token}", "content-type": "application/json"},
    )
    assert response.status_code == 413


def test_a_chunked_body_over_the_limit_runs_nothing(strict_api: ServedApi, api: ServedApi, repo_id: str) -> None:
    # The mutation is whole in the first chunk; only the padding after it takes the body over the limit.
    version = import_seed(api, candidate_seed(repo_id))
    before = export(api, repo_id)
    mutation = json.dumps(
        {
            "query": EDIT,
            "variables": {"repo": repo_id, "v": version, "batch": None, "ops": [RENAME]},
        }
    ).encode()
    assert len(mutation) < 4096

    def chunks() -> Iterator[bytes]:
        yield mutation
        for _ in range(8):
            time.sleep(0.1)  # so that the server receives the body piece by piece, as a slow client sends it
            yield b" " * 1024

    response = httpx.post(
        strict_api.graphql_url,
        content=chunks(),
        headers={"authorization": f"Bearer {strict_api.token}", "content-type": "application/json"},
    )
    assert response.status_code == 413
    assert export(api, repo_id) == before
    history = api.graphql(HISTORY, {"r": repo_id})["data"]["history"]
    assert [h["kind"] for h in history] == ["import"]


def test_a_chunked_body_within_the_limit_runs(strict_api: ServedApi, api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    body = json.dumps({"query": EDIT, "variables": {"repo": repo_id, "v": version, "batch": None, "ops": [RENAME]}})

    def chunks() -> Iterator[bytes]:
        yield body.encode()[:100]
        yield body.encode()[100:]

    response = httpx.post(
        strict_api.graphql_url,
        content=chunks(),
        headers={"authorization": f"Bearer {strict_api.token}", "content-type": "application/json"},
    )
    assert response.status_code == 200, response.text
    assert response.json()["data"]["candidateEdit"]["__typename"] == "EditApplied"
    assert '"Renamed by a chunked body"' in export(api, repo_id)


def test_introspection_can_be_switched_off(strict_api: ServedApi, api: ServedApi) -> None:
    document = "{ __schema { queryType { name } } }"
    assert _errors(strict_api, document)
    assert api.graphql(document)["data"]["__schema"]["queryType"]["name"] == "Query"


def test_within_limits_works(strict_api: ServedApi) -> None:
    assert strict_api.graphql("{ serverInfo { version } }")["data"]["serverInfo"]["version"]


def test_only_unexpected_errors_are_masked() -> None:
    assert _unexpected(GraphQLError("boom", original_error=RuntimeError("Neo4j said MATCH (n) …")))
    assert not _unexpected(GraphQLError("Cannot query field 'x' on type 'Query'."))
