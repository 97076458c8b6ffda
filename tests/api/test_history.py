"""Every write that bumps a store's version leaves one line in its history, with who made it."""

from __future__ import annotations

import pytest

from tests.api.conftest import ServedApi
from tests.api.edit_support import EDIT, candidate_seed, import_seed

pytestmark = pytest.mark.integration

HISTORY = """query($r: ID!) { history(repoId: $r, last: 10) { batchId storeVersion kind seat agentId ops } }"""


def test_imports_and_edits_are_recorded_in_order(api: ServedApi, repo_id: str) -> None:
    first = import_seed(api, candidate_seed(repo_id))
    second = import_seed(api, candidate_seed(repo_id), expected=first)
    ops = [{"rename": {"blockId": "sb_api", "name": "The API"}}]
    edited = api.graphql(EDIT, {"repo": repo_id, "v": second, "ops": ops, "batch": "rename-api"})
    assert edited["data"]["candidateEdit"]["__typename"] == "EditApplied", edited
    history = api.graphql(HISTORY, {"r": repo_id})["data"]["history"]
    assert [(h["storeVersion"], h["kind"]) for h in history] == [(first, "import"), (second, "import"),
                                                                 (second + 1, "edit")]
    assert {(h["seat"], h["agentId"]) for h in history} == {("owner", "test-owner")}
    assert history[-1]["batchId"] == "rename-api"
    assert history[0]["batchId"] != history[1]["batchId"]
