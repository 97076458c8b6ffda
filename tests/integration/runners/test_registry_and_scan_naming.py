"""The runner registry in Neo4j, graph facts read from a real code graph, and `name_candidate` (the scan's
``naming: AUTO`` hook) naming a candidate built from that graph with a LIVE command runner."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from graphdb import runners
from graphdb.database import Database
from graphdb.graph_facts import graph_facts
from rooms.contract import NamedBy, SeedFile
from rooms.naming import RunnerSpec, naming_packet, runner_spec
from services.candidate import build_candidate
from services.naming import name_candidate
from tests.runners.support import namer_command
from tests.support import fixture_cypher

pytestmark = pytest.mark.integration

NOW = datetime(2026, 7, 10, 12, 0, tzinfo=UTC)
TREES = [
    "auth",
    "billing",
    "catalog",
    "checkout",
    "inventory",
    "mailer",
    "orders",
    "payments",
    "reports",
    "search",
    "users",
    "crash",
]


def _spec(runner_id: str, repo_id: str | None, **extra: object) -> RunnerSpec:
    return runner_spec(runner_id=runner_id, transport="command", command=namer_command(), repo_id=repo_id, **extra)


@pytest.fixture
def global_runner(db: Database) -> Iterator[str]:
    """An installation-wide runner (no repository owns it, so this fixture removes it)."""
    runner_id = f"global-{datetime.now(UTC).strftime('%H%M%S%f')}"
    runners.add_runner(db, _spec(runner_id, None), "tests", NOW)
    try:
        yield runner_id
    finally:
        runners.remove_runner(db, runner_id)


def test_pinning_keeps_one_runner_per_role_and_scope(db: Database, repo_id: str) -> None:
    first = runners.add_runner(db, _spec(f"{repo_id}-a", repo_id), "owner-1", NOW)
    assert (first.spec.pinned, first.created_by, first.created_at) == (False, "owner-1", "2026-07-10T12:00:00.000000Z")
    runners.add_runner(db, _spec(f"{repo_id}-b", repo_id, timeout_ms=1234), "owner-1", NOW)
    assert runners.pinned_runner(db, repo_id) is None
    assert runners.pin_runner(db, f"{repo_id}-a").spec.pinned
    assert runners.pinned_runner(db, repo_id).runner_id == f"{repo_id}-a"
    runners.pin_runner(db, f"{repo_id}-b")
    pinned = {
        r.spec.runner_id: r.spec.pinned for r in runners.list_runners(db, repo_id=repo_id) if r.spec.repo_id == repo_id
    }
    assert pinned == {f"{repo_id}-a": False, f"{repo_id}-b": True}
    assert runners.pinned_runner(db, repo_id) == _spec(f"{repo_id}-b", repo_id, timeout_ms=1234, pinned=True)
    assert not runners.pin_runner(db, f"{repo_id}-b", pinned=False).spec.pinned
    assert runners.pinned_runner(db, repo_id) is None
    assert runners.remove_runner(db, f"{repo_id}-a") and not runners.remove_runner(db, f"{repo_id}-a")
    assert runners.pin_runner(db, f"{repo_id}-a") is None


def test_a_taken_runner_id_is_refused(db: Database, repo_id: str) -> None:
    runners.add_runner(db, _spec(f"{repo_id}-a", repo_id), "owner", NOW)
    with pytest.raises(runners.RunnerExists, match="already registered"):
        runners.add_runner(db, _spec(f"{repo_id}-a", repo_id), "owner", NOW)


def test_a_repository_runner_wins_over_the_installation_wide_one(
    db: Database, repo_id: str, global_runner: str
) -> None:
    runners.pin_runner(db, global_runner)
    assert runners.pinned_runner(db, repo_id).runner_id == global_runner
    runners.add_runner(db, _spec(f"{repo_id}-own", repo_id), "owner", NOW)
    runners.pin_runner(db, f"{repo_id}-own")
    assert runners.pinned_runner(db, repo_id).runner_id == f"{repo_id}-own"
    assert runners.pinned_runner(db, f"{repo_id}-other").runner_id == global_runner
    assert next(r for r in runners.list_runners(db) if r.spec.runner_id == global_runner).spec.pinned, (
        "pinning a repository's runner leaves the installation-wide pin alone"
    )


def _load_graph(db: Database, repo_id: str, trees: list[str]) -> None:
    """Two Python files per top-level tree: `<t>/service.py` defines class `<T>Service` (with one method),
    `<t>/helpers.py` defines function `<t>_helper`; nothing imports anything (a tiny repository)."""
    files = [[f"{t}/{name}", "python"] for t in trees for name in ("service.py", "helpers.py")]
    symbols = []
    for t in trees:
        symbols += [
            [f"{t}/service.py", "class", f"{t.title()}Service"],
            [f"{t}/service.py", "method", f"{t.title()}Service.run"],
            [f"{t}/helpers.py", "function", f"{t}_helper"],
        ]
    db.driver.execute_query(
        fixture_cypher("code_graph"),
        repo_id=repo_id,
        files=files,
        symbols=symbols,
        packages=[],
        edges=[],
        database_=db.database,
    )


def _candidate(db: Database, repo_id: str) -> SeedFile:
    seed, _ = build_candidate(db, repo_id)
    return seed


def test_graph_facts_feed_the_packets(db: Database, repo_id: str) -> None:
    _load_graph(db, repo_id, ["auth"])
    facts = graph_facts(db, repo_id)
    assert dict(facts.languages) == {"auth/helpers.py": "python", "auth/service.py": "python"}
    assert sorted(facts.symbols) == [
        ("auth/helpers.py", "auth_helper", "function", 1.0),
        ("auth/service.py", "AuthService", "class", 1.0),
    ]
    assert sorted(facts.kinds) == [
        ("auth/helpers.py", "function", 1),
        ("auth/service.py", "class", 1),
        ("auth/service.py", "method", 1),
    ]
    block = _candidate(db, repo_id).blocks[0]
    packet = naming_packet(block, facts)
    assert (packet["source"], packet["members"], packet["top_symbols"]) == (
        "graph",
        ["auth/helpers.py", "auth/service.py"],
        ["AuthService", "auth_helper"],
    )
    assert packet["kinds"] == [
        {"kind": "class", "symbols": 1},
        {"kind": "function", "symbols": 1},
        {"kind": "method", "symbols": 1},
    ]


def test_a_scan_with_a_live_runner_names_every_block(db: Database, repo_id: str) -> None:
    trees = TREES[:-1]
    _load_graph(db, repo_id, trees)
    seed = _candidate(db, repo_id)
    assert len(seed.blocks) == 11 and all(b.candidate_meta.needs_owner_naming for b in seed.blocks)
    named = name_candidate(seed, _spec("scan-namer", repo_id), graph_facts(db, repo_id))
    by_name = {b.name: b for b in named.blocks}
    assert sorted(by_name) == sorted(f"{t.title()} service" for t in trees)
    assert by_name["Auth service"].purpose == "2 files; top symbols: AuthService, auth_helper"
    assert all(
        b.candidate_meta.named_by is NamedBy.RUNNER and not b.candidate_meta.needs_owner_naming for b in named.blocks
    )
    assert [b.membership for b in named.blocks] == [b.membership for b in seed.blocks], "only labels change"


def test_blocks_the_runner_fails_on_stay_heuristic_and_marked(db: Database, repo_id: str) -> None:
    _load_graph(db, repo_id, TREES)
    seed = _candidate(db, repo_id)
    named = name_candidate(seed, _spec("scan-namer", repo_id), graph_facts(db, repo_id))
    crash_before = next(b for b in seed.blocks if b.membership[0].path.startswith("crash/"))
    crash_after = next(b for b in named.blocks if b.block_id == crash_before.block_id)
    assert crash_after == crash_before, "the crashed block keeps its heuristic label, untouched"
    assert crash_after.candidate_meta.named_by is NamedBy.HEURISTIC and crash_after.candidate_meta.needs_owner_naming
    others = [b for b in named.blocks if b.block_id != crash_before.block_id]
    assert len(others) == 11 and all(b.candidate_meta.named_by is NamedBy.RUNNER for b in others)


def test_without_a_runner_the_candidate_is_unchanged(db: Database, repo_id: str) -> None:
    _load_graph(db, repo_id, ["auth", "users"])
    seed = _candidate(db, repo_id)
    assert name_candidate(seed, None, graph_facts(db, repo_id)) == seed
