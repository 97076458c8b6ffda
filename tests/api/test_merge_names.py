"""Merge that reads well (issue 35 item 4), over HTTP on the real database: the merged block takes the better of
the names (a given name beats a heuristic one; among equals the block with more files on the code graph) and a
purpose written from both, marked heuristic until a person or runner touches it."""

from __future__ import annotations

import pytest

from graphdb.database import Database
from tests.api.conftest import ServedApi
from tests.api.edit_support import edit, glob_candidate

pytestmark = pytest.mark.integration

BLOCK = """query($r: ID!, $b: ID!) { block(repoId: $r, blockId: $b) {
  name purpose candidateMeta { namedBy needsOwnerNaming } } }"""


def _block(api: ServedApi, repo_id: str, block_id: str) -> dict:
    return api.graphql(BLOCK, {"r": repo_id, "b": block_id})["data"]["block"]


def test_a_merge_takes_the_better_name_and_a_purpose_from_both(api: ServedApi, db: Database, repo_id: str) -> None:
    # sb_src (src/**: 4 files) and sb_lib (lib/**: 2 files), both heuristic: the one with more files names it
    version = glob_candidate(api, db, repo_id)
    purposes = [
        {"rename": {"blockId": "sb_src", "name": "src (heuristic)", "purpose": "Parses the sources."}},
        {"rename": {"blockId": "sb_lib", "name": "lib (heuristic)", "purpose": "Shared helpers."}},
    ]
    assert edit(api, repo_id, version, purposes)["__typename"] == "EditApplied"
    merged = edit(api, repo_id, version + 1, [{"merge": {"into": "sb_lib", "blockIds": ["sb_src"]}}])
    assert merged["__typename"] == "EditApplied", merged
    block = _block(api, repo_id, "sb_lib")
    assert block["name"] == "src (heuristic)"  # 4 files behind src/** beat lib/**'s 2 (both owner-named)
    assert block["purpose"] == "Parses the sources; Shared helpers"
    assert block["candidateMeta"] == {"namedBy": "HEURISTIC", "needsOwnerNaming": True}

    # a person's touch (accepting the name) clears the mark
    accepted = edit(api, repo_id, version + 2, [{"rename": {"blockId": "sb_lib", "name": "Sources"}}])
    assert accepted["__typename"] == "EditApplied"
    assert _block(api, repo_id, "sb_lib")["candidateMeta"] == {"namedBy": "OWNER", "needsOwnerNaming": False}
