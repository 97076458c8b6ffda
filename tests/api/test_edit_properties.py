"""Invariants of the store under thousands of random documents, on two API processes (issue 34).

A seeded random walk posts batches and documents drawn from the store as it is: valid ops (renames,
merges, splits, member moves, seam resolutions, assignments of residue), invalid ones (unknown blocks and
paths, overlapping or empty split groups, stale versions, reused batch ids), hostile text from the corpus,
huge batches, malformed seeds and ratifications at a stale version; one step in five posts two batches at
once, one to each API process. After every step:
- every refusal carries a code (a rejection its op index, a conflict both versions);
- the version moved by exactly the number of answers that report a change, and the exported seed changed
  if and only if the version moved (nothing partial, nothing silent);
- a batch applied alone gives exactly what the pure engine gives on the seed it was posted against.
At the end, replaying the history's batches on the imported seed with the pure engine gives the exported
seed, byte for byte.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from graphdb.connection import Target
from graphdb.database import Database
from graphdb.history import history
from rooms.contract import (
    MemberRole,
    Seat,
    parse_seed,
    seed_from_store,
    serialize_seed,
    store_from_seed,
)
from rooms.edit import Applied, Rejected, apply_batch, parse_ops
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.api.edit_support import EDIT, EXPORT, IMPORT, candidate_block, seed_text
from tests.hostile_text import HOSTILE

pytestmark = pytest.mark.integration

STEPS = 1500
HOSTILE_TEXTS = [text for text, _ in HOSTILE.values()]
LABELS = ["Auth", "billing ledger", "Core domain", "Grüße v2", "会計", "ops (tests)", "Public API", "Storage"]
IMPORT_AT = """mutation($seed: String!, $v: Int) { importSeed(input: {seed: $seed, expectedStoreVersion: $v}) {
  __typename ... on VersionConflict { expected actual } ... on Refused { code } } }"""
STATE = "query($r: ID!) { store(repoId: $r) { storeVersion } exportSeed(repoId: $r) }"
RATIFY = """mutation($repo: ID!, $v: Int!) { ratifyBlocks(input: {repoId: $repo, expectedStoreVersion: $v}) {
  __typename ... on VersionConflict { expected actual } ... on Refused { code } } }"""


def _seed(repo_id: str) -> str:
    """Eight candidate blocks of exact paths, three seams and some residue: every op has something to act on."""
    blocks = []
    for b in range(8):
        members = [(f"pkg{b}/mod{f}.py", MemberRole.PRIMARY) for f in range(6)]
        if b < 6:
            members.append((f"shared/seam{b // 2}.py", MemberRole.SHARED))
        residue = [f"loose/{b}_{r}.txt" for r in range(2)]
        blocks.append(candidate_block(f"sb_{b}", members, [f"sb_{(b + 1) % 8}"], residue))
    return seed_text(repo_id, blocks)


class Walk:
    """Draws documents from the store as exported now."""

    def __init__(self, rng: random.Random, seed_text: str) -> None:
        self.rng = rng
        self.seed = parse_seed(seed_text)

    def block_id(self) -> str:
        ids = [b.block_id for b in self.seed.blocks]
        return self.rng.choice(ids) if ids and self.rng.random() < 0.9 else f"sb_missing{self.rng.randrange(9)}"

    def path(self, block_id: str | None = None) -> str:
        blocks = [b for b in self.seed.blocks if block_id in (None, b.block_id)]
        paths = [m.path for b in blocks for m in b.membership]
        return self.rng.choice(paths) if paths and self.rng.random() < 0.9 else f"nowhere/{self.rng.randrange(99)}.py"

    def text(self) -> str:
        roll = self.rng.random()
        if roll < 0.15:
            return self.rng.choice(HOSTILE_TEXTS)
        if roll < 0.2:
            return "x" * self.rng.choice([41, 500, 5000])
        return f"{self.rng.choice(LABELS)} {self.rng.randrange(1000)}"

    def op(self) -> dict[str, Any]:
        kind = self.rng.choice(["rename", "rename", "merge", "split", "moveMember", "resolveSeam", "assignUnmapped"])
        rng = self.rng
        if kind == "rename":
            body: dict[str, Any] = {"blockId": self.block_id(), "name": self.text()}
            if rng.random() < 0.5:
                body["purpose"] = self.text()
            return {"rename": body}
        if kind == "merge":
            return {"merge": {"into": self.block_id(), "blockIds": [self.block_id() for _ in range(rng.randint(1, 2))]}}
        if kind == "split":
            block = self.block_id()
            paths = [m.path for b in self.seed.blocks if b.block_id == block for m in b.membership]
            rng.shuffle(paths)
            cut = rng.randint(0, len(paths))
            groups = [paths[:cut], paths[cut:]]
            if rng.random() < 0.2:
                groups[1] = groups[1] + paths[:1]  # overlapping groups
            return {"split": {"blockId": block, "paths": groups}}
        if kind == "moveMember":
            src = self.block_id()
            return {"moveMember": {"path": self.path(src), "from": src, "to": self.block_id()}}
        if kind == "resolveSeam":
            shared = [m.path for b in self.seed.blocks for m in b.membership if m.role is MemberRole.SHARED]
            path = rng.choice(shared) if shared and rng.random() < 0.9 else self.path()
            resolution = "both" if rng.random() < 0.3 else f"primary:{self.block_id()}"
            return {"resolveSeam": {"path": path, "resolution": resolution}}
        residue = [p for b in self.seed.blocks for p in b.unmapped_residue]
        path = rng.choice(residue) if residue and rng.random() < 0.9 else self.path()
        return {"assignUnmapped": {"path": path, "blockId": self.block_id()}}

    def batch(self) -> list[dict[str, Any]]:
        size = self.rng.choice([1, 1, 2, 3, 5]) if self.rng.random() < 0.97 else self.rng.choice([200, 1000])
        return [self.op() for _ in range(size)]


def _wire_to_engine(op: dict[str, Any]) -> dict[str, Any]:
    """A GraphQL op as the engine's wire op (what the service parses from it)."""
    [(kind, body)] = op.items()
    names = {"blockId": "block_id", "blockIds": "block_ids", "from": "from", "to": "to"}
    snake = {"moveMember": "move_member", "resolveSeam": "resolve_seam", "assignUnmapped": "assign_unmapped"}
    return {"op": snake.get(kind, kind), **{names.get(k, k): v for k, v in body.items()}}


@pytest.fixture
def two_apis(neo4j_target: Target, owner_token: str) -> Iterator[tuple[ServedApi, ServedApi]]:
    first = serve(env_for(neo4j_target), owner_token)
    try:
        second = serve(env_for(neo4j_target), owner_token)
        try:
            yield first, second
        finally:
            stop(second)
    finally:
        stop(first)


def _refusal_has_a_code(answer: dict[str, Any]) -> None:
    kind = answer["__typename"]
    if kind == "EditRejected":
        assert answer["code"] and isinstance(answer["opIndex"], int), answer
    elif kind in ("Refused",):
        assert answer["code"], answer
    elif kind == "VersionConflict":
        assert answer["expected"] != answer["actual"], answer
    else:
        assert kind == "EditApplied", answer


def test_random_documents_on_two_api_processes_keep_every_invariant(
    two_apis: tuple[ServedApi, ServedApi], db: Database, repo_id: str
) -> None:
    apis = two_apis
    rng = random.Random(34)
    initial = _seed(repo_id)
    imported = apis[0].graphql(IMPORT, {"seed": initial, "v": None})["data"]["importSeed"]
    assert imported["__typename"] == "SeedImported", imported
    version = imported["store"]["storeVersion"]
    current = apis[0].graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"]
    used_batch_ids: list[str] = []
    kinds: dict[str, int] = {}

    def post_edit(api: ServedApi, expected: int, ops: list[dict[str, Any]], batch: str | None) -> dict[str, Any]:
        body = api.graphql(EDIT, {"repo": repo_id, "v": expected, "ops": ops, "batch": batch})
        if "errors" in body:  # refused before it ran (an invalid input): a code, and nothing written
            assert all(e.get("extensions", {}).get("code") for e in body["errors"]), body
            return {"__typename": "GraphQLError"}
        return body["data"]["candidateEdit"]

    for step in range(STEPS):
        walk = Walk(rng, current)
        roll = rng.random()
        changed, engine_says = 0, None
        if roll < 0.2:  # two batches at once, one per process, both at the current version
            batches = [walk.batch(), walk.batch()]
            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(post_edit, apis, (version, version), batches, (None, None)))
            changed = sum(a["__typename"] == "EditApplied" and a["storeVersion"] == version + 1 for a in answers)
            assert changed <= 1, answers
        elif roll < 0.25:  # a batch at a stale version, or with a batch id used before for other ops
            if used_batch_ids and rng.random() < 0.5:
                answers = [post_edit(apis[step % 2], version, walk.batch(), rng.choice(used_batch_ids))]
            else:
                answers = [post_edit(apis[step % 2], version - rng.randint(1, 3), walk.batch(), None)]
            assert answers[0]["__typename"] in ("VersionConflict", "Refused") or answers[0]["replayed"], answers
        elif roll < 0.28:  # a malformed seed, or one at a stale version
            broken = current[: rng.randrange(len(current))] if rng.random() < 0.5 else current
            body = apis[step % 2].graphql(IMPORT_AT, {"seed": broken, "v": version - 1})
            answers = [body.get("data", {}).get("importSeed") or {"__typename": "GraphQLError"}]
            assert answers[0]["__typename"] in ("VersionConflict", "Refused", "GraphQLError"), body
        elif roll < 0.30:  # the owner's gesture at a stale version
            body = apis[step % 2].graphql(RATIFY, {"repo": repo_id, "v": version - 1})
            answers = [body["data"]["ratifyBlocks"]]
            assert answers[0]["__typename"] == "VersionConflict", answers
        else:  # one batch, applied alone: the engine must agree with the server
            ops = walk.batch()
            batch_id = f"walk-{step}" if rng.random() < 0.3 else None
            answer = post_edit(apis[step % 2], version, ops, batch_id)
            answers = [answer]
            engine = _engine_outcome(current, ops)
            if answer["__typename"] == "EditApplied":
                changed = int(answer["storeVersion"] == version + 1)
                if batch_id and changed:  # a batch that changed nothing is not recorded
                    used_batch_ids.append(batch_id)
                assert isinstance(engine, Applied), f"step {step}: the engine refuses {engine}, the server applied"
                engine_says = serialize_seed(seed_from_store(engine.store))
            elif answer["__typename"] == "EditRejected":
                assert isinstance(engine, Rejected), f"step {step}: the engine applies what the server refused"
                assert (answer["opIndex"], answer["code"].lower()) == (engine.op_index, engine.code), step
        for answer in answers:
            if answer["__typename"] != "GraphQLError":
                _refusal_has_a_code(answer)
            kinds[answer["__typename"]] = kinds.get(answer["__typename"], 0) + 1

        now = apis[(step + 1) % 2].graphql(STATE, {"r": repo_id})["data"]
        now_version, exported = now["store"]["storeVersion"], now["exportSeed"]
        assert now_version == version + changed, f"step {step}: {answers}"
        assert (exported != current) == (changed > 0), (
            f"step {step}: the seed must change exactly when the version moves"
        )
        if engine_says is not None:
            assert exported == engine_says, f"step {step}: the server's outcome is not the engine's"
        version, current = now_version, exported

    assert kinds.get("EditApplied", 0) > STEPS // 10 and kinds.get("EditRejected", 0) > STEPS // 10, kinds
    assert _replayed(db, repo_id, initial) == current


def _engine_outcome(seed_text: str, ops: list[dict[str, Any]]) -> Applied | Rejected:
    """What the pure engine makes of ``ops`` on the store exported as ``seed_text``."""
    store = store_from_seed(parse_seed(seed_text), 1)
    return apply_batch(store, parse_ops([_wire_to_engine(op) for op in ops]), Seat.OWNER)


def _replayed(db: Database, repo_id: str, initial: str) -> str:
    """The imported seed with every recorded edit applied again, in the order of their versions."""
    store = store_from_seed(parse_seed(initial), 1)
    lines = history(db, repo_id, last=1_000_000)
    assert [line["kind"] for line in lines[:1]] == ["import"], lines[:1]
    for line in lines[1:]:
        assert line["kind"] == "edit", line
        outcome = apply_batch(store, parse_ops(json.loads(line["ops"])), Seat(line["seat"]))
        assert isinstance(outcome, Applied), line
        store = outcome.store
    return serialize_seed(seed_from_store(store))
