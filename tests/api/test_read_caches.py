"""The read caches never answer with stale data: a process that keeps recent store versions and completed
blocks still sees every write made by another API process, lease changes (which bump no version) and
selections steered by variables."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import pytest

from graphdb.connection import Target
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.api.edit_support import candidate_seed, edit, import_seed

MAP = """query($repo: ID!, $members: Boolean!) {
  store(repoId: $repo) {
    storeVersion
    blocks { blockId name membership @include(if: $members) { path role } seamPaths }
  }
  lease(repoId: $repo) { curatingBy live }
}"""

LEASE = """mutation($repo: ID!) {
  candidateLease(input: {repoId: $repo, action: ACQUIRE, ttlSecs: 60}) { __typename }
}"""


@pytest.fixture
def other_api(neo4j_target: Target, owner_token: str) -> Iterator[ServedApi]:
    """A second API process on the same database."""
    served = serve(env_for(neo4j_target), owner_token)
    yield served
    stop(served)


def _map(api: ServedApi, repo_id: str, members: bool = True) -> dict:
    body = api.graphql(MAP, {"repo": repo_id, "members": members})
    assert "errors" not in body, body
    return body["data"]


def _names(data: dict) -> dict[str, str]:
    return {b["blockId"]: b["name"] for b in data["store"]["blocks"]}


def test_a_process_reads_what_another_process_wrote(api: ServedApi, other_api: ServedApi) -> None:
    repo_id = f"caches-{uuid.uuid4().hex[:8]}"
    version = import_seed(api, candidate_seed(repo_id))
    before = _map(other_api, repo_id)
    assert _map(other_api, repo_id) == before  # read twice: the second answer comes from what it kept

    applied = edit(
        api,
        repo_id,
        version,
        [
            {"rename": {"blockId": "sb_api", "name": "HTTP surface"}},
            {"resolveSeam": {"path": "lib/shared.py", "resolution": "primary:sb_core"}},
        ],
    )
    assert applied["__typename"] == "EditApplied", applied
    after = _map(other_api, repo_id)
    assert after["store"]["storeVersion"] == version + 1
    assert _names(after) == {**_names(before), "sb_api": "HTTP surface"}
    api_block = next(b for b in after["store"]["blocks"] if b["blockId"] == "sb_api")
    assert [m["path"] for m in api_block["membership"]] == ["api/**"]
    assert all(b["seamPaths"] == [] for b in after["store"]["blocks"])
    assert after == _map(api, repo_id)  # the writing process answers the same

    assert after["lease"] is None
    assert api.graphql(LEASE, {"repo": repo_id})["data"]["candidateLease"]["__typename"] == "LeaseGranted"
    leased = _map(other_api, repo_id)
    assert leased["lease"] == {"curatingBy": "test-owner", "live": True}
    assert leased["store"] == after["store"]  # the lease bumps no version


def test_variables_that_steer_a_selection_are_honoured(api: ServedApi) -> None:
    repo_id = f"caches-{uuid.uuid4().hex[:8]}"
    import_seed(api, candidate_seed(repo_id))
    full, bare, again = _map(api, repo_id, True), _map(api, repo_id, False), _map(api, repo_id, True)
    assert all("membership" in b for b in full["store"]["blocks"])
    assert all("membership" not in b for b in bare["store"]["blocks"])
    assert json.dumps(again, sort_keys=True) == json.dumps(full, sort_keys=True)
    shared = {b["blockId"]: b["seamPaths"] for b in full["store"]["blocks"]}
    assert shared == {"sb_api": ["lib/shared.py"], "sb_core": ["lib/shared.py"], "sb_docs": []}
