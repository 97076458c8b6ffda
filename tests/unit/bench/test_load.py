"""The load bench's pure parts: its seed, its documents, and how it judges each answer."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bench.load import documents as docs
from bench.load.seed import realistic_candidate
from bench.load.tally import (
    EDIT,
    MAP,
    Tally,
    answered,
    judge_edit,
    judge_map,
    judge_pulse,
    parse_levels,
    parse_mix,
    summarize,
    verdict,
)
from rooms.contract import MemberRole, parse_seed, serialize_seed

UI_DOCUMENTS = Path(__file__).resolve().parents[3] / "ui" / "src" / "documents.js"


def _ui_documents() -> dict[str, str]:
    """The template strings of ui/src/documents.js, with their ${NAME} substitutions made."""
    found = dict(re.findall(r"const (\w+) = `(.*?)`;", UI_DOCUMENTS.read_text(encoding="utf-8"), re.S))
    return {name: re.sub(r"\$\{(\w+)\}", lambda m: found[m.group(1)], text) for name, text in found.items()}


@pytest.mark.parametrize("name", ["MAP", "PULSE", "EDIT"])
def test_the_bench_sends_what_the_screen_sends(name: str) -> None:
    assert getattr(docs, name) == _ui_documents()[name]


def test_the_seed_is_deterministic_valid_and_looks_scanned() -> None:
    seed = realistic_candidate("r", blocks=60, members=400, seed=7)
    text = serialize_seed(seed)
    assert text == serialize_seed(realistic_candidate("r", blocks=60, members=400, seed=7))
    assert text != serialize_seed(realistic_candidate("r", blocks=60, members=400, seed=8))
    assert serialize_seed(parse_seed(text)) == text  # valid against the contract, and byte-stable
    assert len(seed.blocks) == 60
    members = [m for b in seed.blocks for m in b.membership]
    plain = [m for m in members if m.role is not MemberRole.SHARED and not m.path.endswith("**")]
    assert len(plain) == 400
    sizes = sorted(len(b.membership) for b in seed.blocks)
    assert sizes[0] >= 1 and sizes[-1] >= 3 * sizes[len(sizes) // 2]  # uneven, like real modules
    shared = [m.path for m in members if m.role is MemberRole.SHARED]
    assert shared and all(shared.count(p) == 2 for p in shared)
    assert any(b.unmapped_residue for b in seed.blocks)
    ids = {b.block_id for b in seed.blocks}
    assert all(s.to in ids and s.to != b.block_id for b in seed.blocks for s in b.sockets.outputs)


def test_rename_batches_name_distinct_blocks_with_valid_names() -> None:
    rng = random.Random(1)
    ids = [f"sb_{i:03d}" for i in range(60)]
    for serial in range(200):
        ops = docs.rename_ops(rng, ids, client=31, serial=serial * 1000)
        targets = [op["rename"]["blockId"] for op in ops]
        assert 1 <= len(ops) <= 3 and len(set(targets)) == len(targets)
        assert all(0 < len(op["rename"]["name"]) <= 40 for op in ops)


def _edit(result: dict, status: int = 200) -> tuple:
    return judge_edit(status, {"data": {"candidateEdit": result}}, 5)


def test_an_applied_batch_must_bump_the_version_by_one() -> None:
    assert _edit({"__typename": "EditApplied", "storeVersion": 6, "replayed": False}) == ("EditApplied", 6, None)
    assert "not +1" in _edit({"__typename": "EditApplied", "storeVersion": 5, "replayed": False})[2]
    assert "replay" in _edit({"__typename": "EditApplied", "storeVersion": 6, "replayed": True})[2]


def test_only_an_overtaken_version_is_an_honest_conflict() -> None:
    assert _edit({"__typename": "VersionConflict", "expected": 5, "actual": 7}) == ("VersionConflict", 7, None)
    assert "dishonest" in _edit({"__typename": "VersionConflict", "expected": 5, "actual": 5})[2]
    assert "dishonest" in _edit({"__typename": "VersionConflict", "expected": 4, "actual": 7})[2]


def test_rejections_and_transport_failures_are_errors() -> None:
    typename, _, problem = _edit({"__typename": "EditRejected", "opIndex": 0, "code": "NAME_INVALID", "message": "x"})
    assert typename == "EditRejected" and "NAME_INVALID" in problem
    assert judge_edit(500, "Internal Server Error", 5)[2].startswith(f"{EDIT}: HTTP 500")
    assert "GraphQL error: boom" in judge_edit(200, {"data": None, "errors": [{"message": "boom"}]}, 5)[2]


def test_a_map_must_be_whole_and_never_older_than_what_the_client_saw() -> None:
    body = {"data": {"store": {"storeVersion": 9, "blocks": [{}] * 3}}}
    assert judge_map(200, body, 3, last_seen=9) == (9, None)
    assert "2 blocks" in judge_map(200, {"data": {"store": {"storeVersion": 9, "blocks": [{}] * 2}}}, 3, 0)[1]
    assert "backwards" in judge_map(200, body, 3, last_seen=10)[1]
    assert judge_map(200, {"data": {"store": None}}, 3, 0)[1] == f"{MAP}: the store is missing"
    assert judge_pulse(200, {"data": {"store": {"storeVersion": 4}}}, 3) == (4, None)


def test_figures_verdict_and_flags() -> None:
    figures = summarize([0.001 * i for i in range(1, 101)], seconds=2.0)
    assert figures["requests"] == 100 and figures["rps"] == 50.0
    assert figures["p50_ms"] == pytest.approx(51.0) and figures["p99_ms"] == pytest.approx(99.0)
    assert figures["max_ms"] == pytest.approx(100.0)
    assert summarize([], 1.0)["requests"] == 0
    assert verdict(4.0, 2.0) == (2.0, "met") and verdict(4.1, 2.0)[1] == "missed"
    assert parse_mix("80:20") == pytest.approx(0.2) and parse_mix("1:0") == 0.0
    assert parse_levels("1, 8,32") == [1, 8, 32]
    for bad in ("80", "a:b", "0:0", "-1:2"):
        with pytest.raises(ValueError):
            parse_mix(bad)
    for bad in ("", "0", "x"):
        with pytest.raises(ValueError):
            parse_levels(bad)


def test_two_applied_batches_on_one_version_are_a_lost_update() -> None:
    tally = Tally(applied_versions=[2, 3, 3, 4])
    assert tally.lost_updates() == 1


def test_map_answers_are_counted_by_how_the_api_says_it_answered() -> None:
    assert answered("coderooms; hit") == "hit"
    assert answered("coderooms; fwd=miss; stored") == "stored"
    assert answered("coderooms; fwd=miss; collapsed") == "collapsed"
    assert answered("coderooms; fwd=miss") == "miss"
    assert answered("coderooms; fwd=miss; stored; detail=direct") == "stored"
    assert answered(None) == "none"


def test_map_latencies_are_kept_by_how_each_read_was_answered() -> None:
    tally = Tally()
    tally.record(MAP, 0.002, "coderooms; hit")
    tally.record(MAP, 0.009, "coderooms; fwd=miss; stored")
    tally.record(MAP, 0.003, "coderooms; hit")
    tally.record(EDIT, 0.020, None)  # not a map read: counted with its kind only
    assert tally.map_answers == {"hit": [0.002, 0.003], "stored": [0.009]}
    assert tally.latencies[MAP] == [0.002, 0.009, 0.003] and tally.latencies[EDIT] == [0.020]
