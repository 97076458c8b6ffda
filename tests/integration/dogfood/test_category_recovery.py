"""The dogfood gate (F0c §6): scan this repository and recover the categories of its hand-written seed.

`seeds/coderooms.seed.json` is our own ratified judgement of this code base (written by hand, not
generated). The candidate must (a) keep the edit engine and the candidate builder apart, or surface
them as one block with the seam listed; (b) keep ingest, the served owner surface (the API) and the
store apart; (c) claim ≥ 80 % of the files the seed claims; (d) have no block whose members span
unrelated top-level trees (tests attach to the block they exercise, wherever they live: they do not count).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from graphdb.database import Database
from rooms.candidate.membership import is_test_path
from rooms.contract import SeedFile, is_glob, parse_seed, path_matches
from rooms.store_rules import CandidateWrite
from services.scan import scan
from tests.integration.owner import OWNER

pytestmark = pytest.mark.integration

REPO_ROOT = Path(__file__).resolve().parents[3]
SEED = REPO_ROOT / "seeds" / "coderooms.seed.json"


def owners(seed: SeedFile, files: list[str]) -> dict[str, str]:
    """path → the block claiming it; an exact path wins over a glob, a deeper glob over a shallower one."""
    claimed: dict[str, tuple[int, str]] = {}
    for block in seed.blocks:
        for member in block.membership:
            matches = (
                [f for f in files if path_matches(member.path, f)]
                if is_glob(member.path)
                else [member.path]
                if member.path in files
                else []
            )
            rank = 10_000 if not is_glob(member.path) else member.path.count("/")
            for path in matches:
                if path not in claimed or claimed[path][0] < rank:
                    claimed[path] = (rank, block.block_id)
    return {path: block_id for path, (_, block_id) in claimed.items()}


def majority(claims: dict[str, str], prefix: str) -> str:
    votes = Counter(block for path, block in claims.items() if path.startswith(prefix))
    assert votes, f"no candidate block claims anything under {prefix}"
    return votes.most_common(1)[0][0]


@pytest.fixture(scope="module")
def recovered(db: Database) -> tuple[SeedFile, list[str], dict[str, str], dict[str, str], list[dict]]:
    repo_id = "dogfood-coderooms"
    try:
        outcome = scan(db, REPO_ROOT, repo_id, None, naming="heuristic", actor=OWNER)
        assert isinstance(outcome.write, CandidateWrite)
        files = sorted(outcome.files)
        truth = parse_seed(SEED.read_text(encoding="utf-8"))
        yield (
            outcome.candidate,
            files,
            owners(truth, files),
            owners(outcome.candidate, files),
            outcome.report["multi_owner_seams"],
        )
    finally:
        while db.execute("repo_delete_batch", repo_id=repo_id, batch_size=10_000)[0]["deleted"]:
            pass


def test_a_edit_engine_and_candidate_builder_are_apart_or_seamed(recovered) -> None:
    _, _, _, claims, seams = recovered
    edit, candidate = majority(claims, "rooms/edit/"), majority(claims, "rooms/candidate/")
    assert edit != candidate or any({edit} <= set(s["block_ids"]) for s in seams)


def test_b_ingest_api_and_store_are_distinct_blocks(recovered) -> None:
    _, _, _, claims, _ = recovered
    blocks = {majority(claims, "ingest/"), majority(claims, "api/"), majority(claims, "graphdb/store")}
    assert len(blocks) == 3, blocks


def test_c_claims_at_least_80_percent_of_what_the_seed_claims(recovered) -> None:
    _, _, truth, claims, _ = recovered
    coverage = len(set(truth) & set(claims)) / len(truth)
    print(f"\ndogfood coverage: {coverage:.1%} of {len(truth)} seed-claimed files")
    assert coverage >= 0.8


def test_d_no_block_spans_unrelated_top_level_trees(recovered) -> None:
    _, _, _, claims, _ = recovered
    trees: dict[str, set[str]] = {}
    for path, block in claims.items():
        if is_test_path(path):
            continue
        trees.setdefault(block, set()).add(path.split("/", 1)[0] if "/" in path else "")
    spanning = {block: sorted(t) for block, t in trees.items() if len(t - {""}) > 1}
    assert not spanning, spanning
