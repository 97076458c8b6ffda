"""The pricing of GraphQL documents (api.cost), and that every document a real client sends fits the budget."""

from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

import pytest
from graphql import (
    FragmentDefinitionNode,
    GraphQLError,
    GraphQLSchema,
    OperationDefinitionNode,
    get_introspection_query,
    parse,
    validate,
)
from graphql import build_schema as schema_from_sdl

from api.cost import INTROSPECTION, PAGE_MAX, ROUND_TRIP, SEED, STORE_MAP, cost_rule, price
from api.limits import GraphQLLimits, SeatSlots
from api.schema import sdl
from tests.support import run_async

ROOT = Path(__file__).resolve().parents[3]
BUDGET = GraphQLLimits().max_cost
# Where the clients live whose documents must fit: the screen, the curation hand, the benches, the API tests.
CLIENT_SOURCES = ["api", "bench", "tests/api", "tests/e2e"]
DELIBERATELY_DEAR = {"tests/api/test_cost.py", "tests/api/test_fuzz.py", "tests/api/test_limits.py"}


@pytest.fixture(scope="module")
def schema() -> GraphQLSchema:
    return schema_from_sdl(sdl())


def _price(schema: GraphQLSchema, document: str) -> int:
    parsed = parse(document)
    fragments = {d.name.value: d for d in parsed.definitions if isinstance(d, FragmentDefinitionNode)}
    return max(price(schema, d, fragments) for d in parsed.definitions if isinstance(d, OperationDefinitionNode))


def test_the_export_seed_attack_is_over_the_budget_and_refused_with_its_cost(schema: GraphQLSchema) -> None:
    attack = "query($r: ID!) { " + " ".join(f"a{i}: exportSeed(repoId: $r)" for i in range(32)) + " }"
    assert _price(schema, attack) == 32 * (1 + SEED) > 5 * BUDGET
    (error,) = validate(schema, parse(attack), [cost_rule(BUDGET)])
    assert error.extensions == {"code": "QUERY_TOO_COSTLY", "cost": 32 * (1 + SEED), "budget": BUDGET}
    assert not validate(schema, parse("query($r: ID!) { exportSeed(repoId: $r) }"), [cost_rule(BUDGET)])


def test_an_alias_costs_what_its_field_costs(schema: GraphQLSchema) -> None:
    one = _price(schema, "{ serverInfo { version } }")
    assert one == 1 + ROUND_TRIP + 1
    assert _price(schema, "{ a: serverInfo { version } b: serverInfo { version } }") == 2 * one
    assert _price(schema, "{ a: __typename b: __typename }") == 0


def test_pages_are_priced_by_their_size(schema: GraphQLSchema) -> None:
    def unmapped(first: str) -> int:
        return _price(schema, f'query($n: Int!) {{ unmapped(repoId: "r"{first}) {{ nodes }} }}')

    assert unmapped(", first: 10") == 1 + ROUND_TRIP + 1 + 10
    assert unmapped("") == 1 + ROUND_TRIP + 1 + 100  # the argument's default
    assert unmapped(", first: $n") == unmapped(", first: 100000") == 1 + ROUND_TRIP + 1 + PAGE_MAX
    history = 'query($n: Int!) { history(repoId: "r", last: $n) { kind summary } }'
    assert _price(schema, history) == 1 + ROUND_TRIP + PAGE_MAX * 2
    review = '{ reviewQueue(repoId: "r", first: 3) { totalCount nodes { blockId membership { path } } } }'
    assert _price(schema, review) == 1 + STORE_MAP + 1 + 1 + 3 * (1 + 1 + 10 * 1)


def test_fragments_are_priced_where_they_are_spread(schema: GraphQLSchema) -> None:
    inline = '{ blocks(repoId: "r") { blockId name } }'
    spread = 'query { blocks(repoId: "r") { ...B } } fragment B on Block { blockId name }'
    twice = (
        'query { a: blocks(repoId: "r") { ...B } b: blocks(repoId: "r") { ...B } } fragment B on Block { blockId name }'
    )
    assert _price(schema, inline) == _price(schema, spread) == 1 + STORE_MAP + 100 * 2
    assert _price(schema, twice) == 2 * _price(schema, spread)
    cyclic = 'query { blocks(repoId: "r") { ...A } } fragment A on Block { name ...A }'
    assert _price(schema, cyclic) == 1 + STORE_MAP + 100 * 1  # validation refuses the cycle; pricing ends


def test_a_union_costs_its_dearest_member(schema: GraphQLSchema) -> None:
    document = """mutation($i: CandidateEditInput!) { candidateEdit(input: $i) {
        __typename ... on EditApplied { storeVersion store { storeVersion } } ... on Refused { code message } } }"""
    applied = 1 + (1 + STORE_MAP + 1)  # storeVersion, and a store: a whole block map built
    assert _price(schema, document) == 1 + ROUND_TRIP + applied


def test_introspection_is_a_flat_price(schema: GraphQLSchema) -> None:
    assert _price(schema, get_introspection_query()) == INTROSPECTION


def _ui_documents() -> dict[str, str]:
    """The template strings of ui/src/documents.js, with their ${NAME} substitutions made."""
    text = (ROOT / "ui" / "src" / "documents.js").read_text(encoding="utf-8")
    found = dict(re.findall(r"const (\w+) = `(.*?)`;", text, re.S))
    whole = {name: re.sub(r"\$\{(\w+)\}", lambda m: found[m.group(1)], t) for name, t in found.items()}
    return {name: t for name, t in whole.items() if t.lstrip().startswith(("query", "mutation"))}


def _client_documents(schema: GraphQLSchema) -> dict[str, str]:
    """Every valid GraphQL operation written as a string constant in the clients' sources."""
    found = {}
    for folder in CLIENT_SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name in DELIBERATELY_DEAR:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                    continue
                if not node.value.lstrip().startswith(("query", "mutation", "{")):
                    continue
                try:
                    if not validate(schema, parse(node.value)):
                        found[f"{name}:{node.lineno}"] = node.value
                except GraphQLError:  # not GraphQL: a JSON or Python string
                    continue
    return found


def test_every_document_the_screen_sends_fits_the_budget_by_half(schema: GraphQLSchema) -> None:
    documents = _ui_documents()
    assert {"MAP", "PULSE", "EDIT", "SCAN", "RATIFY"} <= set(documents)
    over = {name: _price(schema, d) for name, d in documents.items() if _price(schema, d) > BUDGET // 2}
    assert not over


def test_every_document_the_clients_and_tests_send_fits_the_budget_by_half(schema: GraphQLSchema) -> None:
    documents = _client_documents(schema)
    assert len(documents) > 50
    assert any(name.startswith("api/hand/") for name in documents)
    over = {name: _price(schema, d) for name, d in documents.items() if _price(schema, d) > BUDGET // 2}
    assert not over


def test_a_tokens_slots_bound_its_executions_and_are_freed() -> None:
    async def run() -> None:
        slots = SeatSlots(per_token=1, wait_s=0)
        async with slots.slot("a") as first:
            async with slots.slot("a") as second, slots.slot("b") as other:
                assert (first, second, other) == (True, False, True)
        async with slots.slot("a") as again:
            assert again
        waiting = SeatSlots(per_token=1, wait_s=5)
        async with waiting.slot("a") as held:
            assert held

            async def queued() -> bool:
                async with waiting.slot("a") as got:
                    return got

            task = asyncio.create_task(queued())
            await asyncio.sleep(0.01)
        assert await task  # it waited for the slot instead of being refused
        async with waiting.slot("a"):
            gone = asyncio.create_task(queued())
            await asyncio.sleep(0.01)
            gone.cancel()  # a client that went away while it waited
            await asyncio.gather(gone, return_exceptions=True)
        assert not slots.__dict__["_slots"] and not waiting.__dict__["_slots"]

    run_async(run)
