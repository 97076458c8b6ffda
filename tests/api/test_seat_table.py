"""Seats over the whole schema, table-driven (issue 8).

`SEAT_RULES` names, for EVERY field of the Mutation type, the seats that may run it; the rules of the
contract are: READER runs no mutation; AGENT never ratifies, imports a seed or manages runners (or tokens,
which have no mutation at all: they are managed with `coderooms token`). The table is checked against the
live schema, so a new mutation without a rule fails here. Every refused seat posts a real document over
HTTP and must get `Refused {code: "SEAT_FORBIDDEN"}` with nothing written; every allowed seat must get past
the seat check; every description names its seats.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from graphdb.database import Database
from graphdb.tokens import list_tokens
from rooms.contract import Seat
from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, import_seed
from tests.api.naming_support import add_runner
from tests.support import write_python_repo

pytestmark = pytest.mark.integration

OWNER, AGENT, READER = Seat.OWNER, Seat.AGENT, Seat.READER
EDITORS = frozenset({OWNER, AGENT})
OWNER_ONLY = frozenset({OWNER})
AGENT_ONLY = frozenset({AGENT})

SEAT_RULES: dict[str, frozenset[Seat]] = {
    "skeletonCandidate": EDITORS,
    "startScan": EDITORS,
    "cancelScan": EDITORS,
    "candidateEdit": EDITORS,
    "candidateLease": EDITORS,
    "ratifyBlocks": OWNER_ONLY,
    "reconcile": EDITORS,
    "importSeed": OWNER_ONLY,
    "addRunner": OWNER_ONLY,
    "pinRunner": OWNER_ONLY,
    "removeRunner": OWNER_ONLY,
    "nameWithRunner": EDITORS,
    "sendToCuration": OWNER_ONLY,
    "claimMission": AGENT_ONLY,  # the hand claims; the owner sends
    "postMissionLetter": EDITORS,  # the AGENT only while it holds the mission (not a seat rule)
    "deliverMission": AGENT_ONLY,  # the hand holding the mission
    "placeBlocks": EDITORS,
}


@dataclass(frozen=True)
class World:
    """One repository with an imported candidate, an unpinned runner of its own, and a curation mission
    claimed by the hand (`hand-1`, the AGENT seat of these tests), which therefore holds the lease."""

    repo_id: str
    version: int
    runner_id: str
    mission_id: str
    scan_path: str


def _mutation(field: str, input_type: str, selection: str) -> str:
    return (
        f"mutation($input: {input_type}!) {{ {field}(input: $input) {{ __typename {selection} "
        "... on Refused { code message } } }"
    )


Variables = Callable[[World], dict[str, Any]]


def _scan_input(w: World) -> dict[str, Any]:
    return {
        "input": {"repoId": w.repo_id, "path": w.scan_path, "expectedStoreVersion": w.version, "naming": "HEURISTIC"}
    }


# One plausible document per mutation: variables that would do real work for an allowed seat.
DOCUMENTS: dict[str, tuple[str, Variables]] = {
    "skeletonCandidate": (
        _mutation("skeletonCandidate", "SkeletonCandidateInput", "... on CandidateWritten { outcome }"),
        lambda w: _scan_input(w),
    ),
    "startScan": (
        _mutation("startScan", "SkeletonCandidateInput", "... on ScanJob { jobId state }"),
        lambda w: _scan_input(w),
    ),
    "cancelScan": (
        _mutation("cancelScan", "CancelScanInput", "... on ScanJob { state }"),
        lambda w: {"input": {"jobId": "no-such-job"}},
    ),
    "candidateEdit": (
        _mutation("candidateEdit", "CandidateEditInput", "... on EditApplied { storeVersion }"),
        lambda w: {
            "input": {
                "repoId": w.repo_id,
                "expectedStoreVersion": w.version,
                "ops": [{"rename": {"blockId": "sb_api", "name": "Public API"}}],
            }
        },
    ),
    "candidateLease": (
        _mutation("candidateLease", "CandidateLeaseInput", "... on LeaseGranted { lease { curatingBy } }"),
        lambda w: {"input": {"repoId": w.repo_id, "action": "ACQUIRE", "ttlSecs": 120}},
    ),
    "ratifyBlocks": (
        _mutation("ratifyBlocks", "RatifyBlocksInput", "... on RatifyRejected { blocks { blockId reason } }"),
        lambda w: {"input": {"repoId": w.repo_id, "expectedStoreVersion": w.version}},
    ),
    "reconcile": (
        _mutation("reconcile", "ReconcileInput", "... on Reconciled { store { storeVersion } }"),
        lambda w: {"input": {"repoId": w.repo_id}},
    ),
    "importSeed": (
        _mutation("importSeed", "ImportSeedInput", "... on SeedImported { store { storeVersion } }"),
        lambda w: {
            "input": {"seed": candidate_seed(w.repo_id).replace("c0ffee", "beef"), "expectedStoreVersion": w.version}
        },
    ),
    "addRunner": (
        _mutation("addRunner", "AddRunnerInput", "... on RunnerAdded { runner { runnerId } }"),
        lambda w: {
            "input": {
                "runnerId": f"{w.repo_id}-second",
                "repoId": w.repo_id,
                "transport": "HTTP",
                "url": "http://127.0.0.1:9/v1/name",
            }
        },
    ),
    "pinRunner": (
        _mutation("pinRunner", "PinRunnerInput", "... on RunnerPinned { runner { pinned } }"),
        lambda w: {"input": {"runnerId": w.runner_id, "pinned": True}},
    ),
    "removeRunner": (
        _mutation("removeRunner", "RemoveRunnerInput", "... on RunnerRemoved { runnerId }"),
        lambda w: {"input": {"runnerId": w.runner_id}},
    ),
    "nameWithRunner": (
        _mutation("nameWithRunner", "NameWithRunnerInput", "... on RunnerNamed { storeVersion }"),
        lambda w: {"input": {"repoId": w.repo_id, "expectedStoreVersion": w.version, "blockIds": ["sb_api"]}},
    ),
    "sendToCuration": (
        _mutation("sendToCuration", "SendToCurationInput", "... on MissionOpened { mission { missionId } }"),
        lambda w: {"input": {"repoId": w.repo_id, "note": "a second look, please"}},
    ),
    "claimMission": (
        _mutation("claimMission", "ClaimMissionInput", "... on MissionClaimed { mission { state } }"),
        lambda w: {"input": {"missionId": w.mission_id, "ttlSecs": 300}},
    ),
    "postMissionLetter": (
        _mutation("postMissionLetter", "PostMissionLetterInput", "... on LetterPosted { letter { seq } }"),
        lambda w: {"input": {"missionId": w.mission_id, "body": "sb_api looks like the HTTP layer"}},
    ),
    "deliverMission": (
        _mutation("deliverMission", "DeliverMissionInput", "... on MissionDelivered { mission { state } }"),
        lambda w: {"input": {"missionId": w.mission_id, "storeVersion": w.version, "summary": "nothing to do"}},
    ),
    "placeBlocks": (
        _mutation("placeBlocks", "PlaceBlocksInput", "... on BlocksPlaced { storeVersion }"),
        lambda w: {"input": {"repoId": w.repo_id, "positions": [{"blockId": "sb_api", "x": 480, "y": 96}]}},
    ),
}

# What an allowed seat gets in the world below: the real outcome, or the refusal of a rule that is not
# about seats (ratifying needs owner-accepted names; naming a pinned runner).
ALLOWED_OUTCOMES: dict[str, set[str]] = {
    "skeletonCandidate": {"CandidateWritten"},
    "startScan": {"ScanJob"},  # the scan runs on as a job (test_scan_jobs watches them)
    "cancelScan": {"Refused"},  # `unknown_scan_job`: past the seat check
    "candidateEdit": {"EditApplied"},
    "candidateLease": {"LeaseGranted", "LeaseBusy"},  # the hand holds the lease: the owner sees it busy
    "ratifyBlocks": {"RatifyRejected"},
    "reconcile": {"Reconciled"},
    "importSeed": {"SeedImported"},
    "addRunner": {"RunnerAdded"},
    "pinRunner": {"RunnerPinned"},
    "removeRunner": {"RunnerRemoved"},
    "nameWithRunner": {"RunnerNamed", "Refused"},
    "sendToCuration": {"MissionOpened"},
    "claimMission": {"MissionClaimed"},
    "postMissionLetter": {"LetterPosted"},
    "deliverMission": {"MissionDelivered"},
    "placeBlocks": {"BlocksPlaced"},
}
WRITES = {
    "CandidateWritten",
    "Reconciled",  # a first reconcile records what each block resolves to
    "EditApplied",
    "LeaseGranted",
    "SeedImported",
    "RunnerAdded",
    "RunnerPinned",
    "RunnerRemoved",
    "RunnerNamed",
    "MissionOpened",
    "MissionClaimed",
    "LetterPosted",
    "MissionDelivered",
    "BlocksPlaced",  # the seed's layout (the version stays: a position is not a boundary)
}

MUTATION_FIELDS = "{ __schema { mutationType { fields { name description } } } }"
SNAPSHOT = """query($r: ID!) {
  store(repoId: $r) { storeVersion }
  exportSeed(repoId: $r)
  lease(repoId: $r) { curatingBy curatingUntil }
  history(repoId: $r, last: 100) { batchId storeVersion kind seat agentId }
  runners(repoId: $r) { runnerId role transport command url pinned repoId createdAt }
  missions(repoId: $r) { missionId state claimedBy claimedAt deliveredStoreVersion summary
                         letters { seq author body } }
}"""


def _data(api: ServedApi, document: str, variables: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    body = api.graphql(document, variables, token=token)
    assert "errors" not in body, body
    return body["data"]


def _schema_mutations(api: ServedApi) -> dict[str, str]:
    fields = _data(api, MUTATION_FIELDS, {})["__schema"]["mutationType"]["fields"]
    return {f["name"]: f["description"] or "" for f in fields}


def _snapshot(api: ServedApi, db: Database, world: World) -> dict[str, Any]:
    """Everything a mutation could write that concerns this world, plus the token table."""
    return {**_data(api, SNAPSHOT, {"r": world.repo_id}), "tokens": list_tokens(db)}


@pytest.fixture
def tokens(api: ServedApi, hand_token: str, reader_token: str) -> dict[Seat, str]:
    return {OWNER: api.token, AGENT: hand_token, READER: reader_token}


@pytest.fixture
def world(api: ServedApi, repo_id: str, hand_token: str, scan_root: Path) -> World:
    version = import_seed(api, candidate_seed(repo_id))
    runner_id = f"{repo_id}-namer"
    assert add_runner(api, repo_id, runner_id, pin=False)["__typename"] == "RunnerAdded"
    opened = _data(api, DOCUMENTS["sendToCuration"][0], {"input": {"repoId": repo_id, "note": "tidy up"}})
    mission_id = opened["sendToCuration"]["mission"]["missionId"]
    claimed = _data(api, DOCUMENTS["claimMission"][0], {"input": {"missionId": mission_id}}, token=hand_token)
    assert claimed["claimMission"]["__typename"] == "MissionClaimed", claimed
    source = scan_root / repo_id
    write_python_repo(source, modules=("alpha", "beta"), files_per_module=3)
    return World(repo_id, version, runner_id, mission_id, str(source))


def _cases(allowed: bool) -> list[Any]:
    return [
        pytest.param(name, seat, id=f"{name}-{seat.name}")
        for name, seats in SEAT_RULES.items()
        for seat in Seat
        if (seat in seats) is allowed
    ]


def test_every_mutation_of_the_schema_has_a_seat_rule_and_a_document(api: ServedApi) -> None:
    schema = set(_schema_mutations(api))
    assert not schema - set(SEAT_RULES), f"mutations without a seat rule: {sorted(schema - set(SEAT_RULES))}"
    assert not set(SEAT_RULES) - schema, f"rules for mutations that do not exist: {sorted(set(SEAT_RULES) - schema)}"
    assert set(DOCUMENTS) == set(ALLOWED_OUTCOMES) == set(SEAT_RULES)
    assert all(READER not in seats for seats in SEAT_RULES.values()), "READER runs no mutation"
    for forbidden_to_agents in ("ratifyBlocks", "importSeed", "addRunner", "pinRunner", "removeRunner"):
        assert AGENT not in SEAT_RULES[forbidden_to_agents]


def _seats_named(description: str) -> set[Seat]:
    """The seats the description's first sentence names (it opens with them, e.g. "OWNER or AGENT.")."""
    first = description.split(". ", 1)[0]
    return {seat for seat in Seat if re.search(rf"\b{seat.name}\b", first)}


def test_every_description_names_the_seats_that_may_run_it(api: ServedApi) -> None:
    for name, description in _schema_mutations(api).items():
        assert _seats_named(description) == set(SEAT_RULES[name]), (name, description)
        if SEAT_RULES[name] == OWNER_ONLY:
            assert description.startswith("OWNER only."), (name, description)


@pytest.mark.parametrize(("name", "seat"), _cases(allowed=False))
def test_a_forbidden_seat_is_refused_and_nothing_is_written(
    api: ServedApi, db: Database, world: World, tokens: dict[Seat, str], name: str, seat: Seat
) -> None:
    document, variables = DOCUMENTS[name]
    before = _snapshot(api, db, world)
    answer = _data(api, document, variables(world), token=tokens[seat])[name]
    assert answer["__typename"] == "Refused", answer
    assert answer["code"] == "SEAT_FORBIDDEN", answer
    assert _snapshot(api, db, world) == before


@pytest.mark.parametrize(("name", "seat"), _cases(allowed=True))
def test_an_allowed_seat_gets_past_the_seat_check(
    api: ServedApi, db: Database, world: World, tokens: dict[Seat, str], name: str, seat: Seat
) -> None:
    document, variables = DOCUMENTS[name]
    before = _snapshot(api, db, world)
    answer = _data(api, document, variables(world), token=tokens[seat])[name]
    assert answer["__typename"] in ALLOWED_OUTCOMES[name], answer
    assert answer.get("code") != "SEAT_FORBIDDEN", answer
    if answer["__typename"] in WRITES:  # the snapshot sees what each mutation writes, so its silence counts
        assert _snapshot(api, db, world) != before


@pytest.mark.parametrize("header", [None, "Bearer crt_not-a-real-token"])
def test_a_mutation_without_a_valid_token_is_401_and_writes_nothing(
    api: ServedApi, db: Database, world: World, header: str | None
) -> None:
    document, variables = DOCUMENTS["importSeed"]
    before = _snapshot(api, db, world)
    headers = {"authorization": header} if header else {}
    response = httpx.post(
        api.graphql_url, json={"query": document, "variables": variables(world)}, headers=headers, timeout=30
    )
    assert response.status_code == 401
    assert "data" not in response.json()
    assert _snapshot(api, db, world) == before
