"""Agent text is hostile text (issue 34), over real HTTP against the real database: a hostile rename by the
agent (or the owner) and a hostile seed are refused with ``name_invalid`` and leave the store byte-identical."""

from __future__ import annotations

import json

import pytest

from graphdb.database import Database
from graphdb.tokens import create_token
from rooms.contract import Seat
from tests.api.conftest import ServedApi
from tests.api.edit_support import IMPORT, candidate_seed, edit, export, import_seed
from tests.hostile_text import HOSTILE

pytestmark = pytest.mark.integration

STORE = "query($r: ID!) { store(repoId: $r) { storeVersion } }"


@pytest.fixture
def agent_token(db: Database) -> str:
    return create_token(db, Seat.AGENT, "agent-hostile")[1]


def test_every_hostile_rename_by_the_agent_is_refused_and_writes_nothing(
    api: ServedApi, repo_id: str, agent_token: str
) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    before = export(api, repo_id)
    for key, (text, reason) in HOSTILE.items():
        for rename in ({"blockId": "sb_api", "name": text}, {"blockId": "sb_api", "name": "Auth", "purpose": text}):
            result = edit(api, repo_id, version, [{"rename": rename}], token=agent_token)
            field = "purpose" if "purpose" in rename else "name"
            assert result == {
                "__typename": "EditRejected",
                "opIndex": 0,
                "code": "NAME_INVALID",
                "message": f"the {field} is refused ({reason.value})",
            }, key
    assert export(api, repo_id) == before


def test_the_owner_is_held_to_the_same_rule(api: ServedApi, repo_id: str) -> None:
    version = import_seed(api, candidate_seed(repo_id))
    before = export(api, repo_id)
    result = edit(api, repo_id, version, [{"rename": {"blockId": "sb_core", "name": "<b>Core"}}])
    assert (result["__typename"], result["code"]) == ("EditRejected", "NAME_INVALID")
    assert export(api, repo_id) == before
    clean = edit(api, repo_id, version, [{"rename": {"blockId": "sb_core", "name": "Core", "purpose": "Owns it."}}])
    assert clean["__typename"] == "EditApplied"


@pytest.mark.parametrize("field", ["name", "purpose"])
@pytest.mark.parametrize(
    "key", ["bidi_override", "zero_width_space", "closing_tag", "markdown_link", "ignore_instructions", "over_long"]
)
def test_import_seed_refuses_a_hostile_label_and_the_store_is_unchanged(
    api: ServedApi, repo_id: str, key: str, field: str
) -> None:
    good = candidate_seed(repo_id)
    version = import_seed(api, good)
    before = export(api, repo_id)
    doc = json.loads(good)
    doc["blocks"][2][field] = HOSTILE[key][0]
    result = api.graphql(IMPORT, {"seed": json.dumps(doc), "v": version})["data"]["importSeed"]
    assert result == {
        "__typename": "Refused",
        "code": "NAME_INVALID",
        "message": f"blocks[2].{field}: refused ({HOSTILE[key][1].value})",
    }
    assert export(api, repo_id) == before
    assert api.graphql(STORE, {"r": repo_id})["data"]["store"]["storeVersion"] == version
