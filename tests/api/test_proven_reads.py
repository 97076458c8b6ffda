"""Proven store reads (``api.proven_reads``), over real HTTP against a real Neo4j: once a document has answered
completely, its later misses are computed directly, and answer byte for byte what the full run answers; a
proven document whose result is not complete is answered by the full run."""

from __future__ import annotations

import uuid

import pytest

from api.schema import build_schema
from graphdb.database import Database
from tests.api.conftest import ServedApi
from tests.api.edit_support import STORE_MAP as MAP
from tests.api.edit_support import (
    assert_same_answer, candidate_seed, import_seed, post_accepting, rename_elsewhere,
)


def _unproven() -> str:
    """The same query in a text never sent before (to this served API, shared by the module's tests):
    answered by the full run, which proves it."""
    return f"{MAP}\n# {uuid.uuid4().hex}\n"

STORED, MISS = "coderooms; fwd=miss; stored", "coderooms; fwd=miss"
DIRECT = "; detail=direct"
GRAPHQL_JSON = "application/graphql-response+json"


def _fresh_repo(api: ServedApi) -> tuple[str, int]:
    repo_id = f"proven-{uuid.uuid4().hex[:8]}"
    return repo_id, import_seed(api, candidate_seed(repo_id))


@pytest.mark.parametrize("accept", ["application/json", GRAPHQL_JSON])
def test_a_proven_read_answers_byte_for_byte_what_the_full_run_answers(api: ServedApi, db: Database,
                                                                      accept: str) -> None:
    repo_id, version = _fresh_repo(api)
    variables, document = {"repo": repo_id, "n": 2}, _unproven()
    first = post_accepting(api, document, variables, accept)
    assert first.status_code == 200 and first.headers["cache-status"] == STORED  # the full run: now proven
    for step, name in enumerate(["Surface", "Surface two"]):
        # Written by another process: this API has no answer at the new head, and computes it on the read.
        rename_elsewhere(db, repo_id, version + step, "sb_api", name)
        direct = post_accepting(api, document, variables, accept)
        full = post_accepting(api, _unproven(), variables, accept)
        assert direct.headers["cache-status"] == STORED + DIRECT
        assert full.headers["cache-status"] == STORED
        assert_same_answer(direct, full)
        data = direct.json()["data"]
        assert data["store"]["storeVersion"] == version + step + 1
        assert {b["blockId"]: b["name"] for b in data["store"]["blocks"]}["sb_api"] == name


@pytest.mark.parametrize("accept", ["application/json", GRAPHQL_JSON])
def test_a_proven_document_whose_variables_do_not_coerce_is_answered_by_the_full_run(api: ServedApi, db: Database,
                                                                                     accept: str) -> None:
    repo_id, _ = _fresh_repo(api)
    document = _unproven()
    assert post_accepting(api, document, {"repo": repo_id, "n": 2}, accept).headers["cache-status"] == STORED
    bad = {"repo": repo_id, "n": "two"}
    refused, full = post_accepting(api, document, bad, accept), post_accepting(api, _unproven(), bad, accept)
    assert refused.headers["cache-status"] == MISS  # computed by the full run, and not kept
    assert refused.status_code == full.status_code == (400 if accept == GRAPHQL_JSON else 200)
    assert refused.content == full.content
    assert "data" not in refused.json() or refused.json()["data"] is None
    assert "Int" in refused.json()["errors"][0]["message"]
    # The document stays proven: a good read after the bad one is still computed directly.
    version = post_accepting(api, document, {"repo": repo_id, "n": 2}, accept).json()["data"]["store"]["storeVersion"]
    rename_elsewhere(db, repo_id, version, "sb_core", "Kernel")
    assert post_accepting(api, document, {"repo": repo_id, "n": 2}, accept).headers["cache-status"] == STORED + DIRECT


def test_no_schema_extension_hooks_resolvers() -> None:
    """A proven read runs the executor without Strawberry's extension hooks: that is sound only while no
    extension of the schema wraps resolvers (parsing, validation and result hooks are covered by proving)."""
    schema = build_schema()
    assert not schema._get_middleware_manager(schema.get_extensions()).middlewares
