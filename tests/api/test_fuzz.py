"""Fuzzing the running API with malformed requests (issue 8).

About 2,200 requests, all with the owner token: random text as documents, mutated (truncated, spliced,
garbled) copies of our own mutations, wrong variable types and hostile strings, huge bodies, deep
nesting, random JSON bodies, random bytes under every content type. Every answer must be < 500 and must
not leak a stack trace, driver text or Cypher, nor hide a bug as a masked "Unexpected error."; afterwards
a store imported before the run is byte-for-byte what it was. The fuzzed mutations aim at a sandbox
repository (and at random ones, which have no store and never get one: every seed import names a version
a missing store cannot have). Runs are reproducible (derandomized); ~1 minute on two idle cores.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphdb.database import Database
from tests.api.conftest import ServedApi
from tests.api.edit_support import EXPORT, candidate_seed, import_seed

pytestmark = pytest.mark.integration

FUZZ = settings(derandomize=True, deadline=None, database=None, print_blob=False)

# Text that must never leave the server unless the request itself carried it (then it is an echo).
# "Unexpected error" is how a resolver's exception comes out masked: a server bug answered with a 200.
LEAKS = (
    "Unexpected error",
    "Traceback",
    'File "/',
    "site-packages",
    "neo4j.exceptions",
    "Neo.ClientError",
    "Neo.DatabaseError",
    "Neo.TransientError",
    "MATCH (",
    "MERGE (",
    "DETACH DELETE",
    "UNWIND $",
    ".cypher",
)

EDIT = """mutation($repo: ID!, $v: Int!, $ops: [CandidateEditOp!]!, $batch: ID) {
  candidateEdit(input: {repoId: $repo, expectedStoreVersion: $v, ops: $ops, batchId: $batch}) {
    __typename ... on EditApplied { storeVersion } ... on EditRejected { opIndex code }
    ... on VersionConflict { expected actual } ... on Refused { code } } }"""
RENAME = """mutation { candidateEdit(input: {repoId: "REPO", expectedStoreVersion: 1, ops: [
  {rename: {blockId: "sb_api", name: "Public API", purpose: "HTTP handlers"}},
  {rename: {blockId: "sb_core", name: "Core domain"}}]}) {
    __typename ... on EditRejected { opIndex code } ... on VersionConflict { actual } } }"""
IMPORT = """mutation($seed: String!, $v: Int) { importSeed(input: {seed: $seed, expectedStoreVersion: $v}) {
    __typename ... on SeedImported { store { storeVersion } } ... on VersionConflict { actual }
    ... on Refused { code } } }"""
LEASE = """mutation($repo: ID!, $a: LeaseActionEnum!, $ttl: Int!) {
  candidateLease(input: {repoId: $repo, action: $a, ttlSecs: $ttl}) { __typename } }"""
RATIFY = """mutation($repo: ID!, $v: Int!, $ids: [ID!]) {
  ratifyBlocks(input: {repoId: $repo, expectedStoreVersion: $v, blockIds: $ids}) { __typename } }"""
READ = """query($repo: ID!, $first: Int!, $after: String) {
  store(repoId: $repo) { storeVersion }
  reviewQueue(repoId: $repo, first: $first, after: $after) { totalCount nodes { blockId } }
  unmapped(repoId: $repo, first: $first, after: $after) { totalCount } }"""


@dataclass(frozen=True)
class Target:
    """The sandbox the fuzzed mutations aim at, and the guarded store nothing may touch."""

    sandbox: str
    guarded: str


class Poster:
    """Posts raw requests with the owner token and checks every answer."""

    def __init__(self, api: ServedApi) -> None:
        self.client = httpx.Client(base_url=api.base_url, timeout=60, headers={"authorization": f"Bearer {api.token}"})
        self.sent = 0

    def body(self, payload: Any, content_type: str = "application/json", accept: str | None = None) -> None:
        self.raw(json.dumps(payload).encode("ascii"), content_type, accept)

    def graphql(self, document: str, variables: Any = None) -> None:
        self.body({"query": document, "variables": variables})

    def raw(self, content: bytes, content_type: str | None, accept: str | None = None) -> None:
        headers = {k: v for k, v in (("content-type", content_type), ("accept", accept)) if v is not None}
        self.check(self.client.post("/graphql", content=content, headers=headers), content)

    def get(self, params: dict[str, str]) -> None:
        response = self.client.get("/graphql", params=params, headers={"accept": "application/json"})
        self.check(response, json.dumps(params).encode("utf-8", "surrogatepass"))

    def check(self, response: httpx.Response, sent: bytes) -> None:
        self.sent += 1
        assert response.status_code < 500, (response.status_code, response.text[:500], sent[:500])
        text = response.text
        echoed = sent.decode("utf-8", "replace")
        leaked = [
            marker
            for marker in LEAKS
            if marker in text and marker not in echoed and json.dumps(marker)[1:-1] not in echoed
        ]
        assert not leaked, (leaked, text[:1000])


@pytest.fixture(scope="module")
def target(api: ServedApi, db: Database) -> Iterator[Target]:
    run = uuid.uuid4().hex[:10]
    chosen = Target(sandbox=f"fuzz-sandbox-{run}", guarded=f"fuzz-guarded-{run}")
    import_seed(api, candidate_seed(chosen.sandbox))
    import_seed(api, candidate_seed(chosen.guarded))
    yield chosen
    for repo in (chosen.sandbox, chosen.guarded):
        while db.execute("repo_delete_batch", repo_id=repo, batch_size=10_000)[0]["deleted"]:
            pass


@pytest.fixture
def poster(api: ServedApi, target: Target) -> Iterator[Poster]:
    """A client for one test; on the way out, the guarded store must be exactly as it was."""
    before = _guarded_state(api, target.guarded)
    client = Poster(api)
    yield client
    client.client.close()
    assert _guarded_state(api, target.guarded) == before
    assert httpx.get(f"{api.base_url}/healthz", timeout=10).status_code == 200


def _guarded_state(api: ServedApi, repo: str) -> tuple[int, str]:
    data = api.graphql("query($r: ID!) { store(repoId: $r) { storeVersion } exportSeed(repoId: $r) }", {"r": repo})[
        "data"
    ]
    assert data["exportSeed"] == api.graphql(EXPORT, {"r": repo})["data"]["exportSeed"]
    return data["store"]["storeVersion"], data["exportSeed"]


# ---- strategies -------------------------------------------------------------------------------------

HOSTILE = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "\x1b[31m",
        "\u202e",
        "\ufeff",
        "\ud800",
        "\udfff",
        "🙂" * 50,
        "a" * 5000,
        "../../etc/passwd",
        "/abs/path",
        "C:\\x",
        "api/**",
        "**",
        "primary:sb_api",
        "both",
        "sb_api",
        "sb_core",
        "lib/shared.py",
        "'; MATCH (n) DETACH DELETE n //",
        "${jndi:ldap://x}",
        "%s%n",
        "\\",
        "\r\n",
        "null",
        "0",
        "-1",
        "1e309",
    ]
)
TEXT = st.text(max_size=40) | st.text(st.characters(codec="utf-8"), max_size=40) | HOSTILE
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=10,
)
BLOCK = st.sampled_from(["sb_api", "sb_core", "sb_docs"]) | TEXT
PATH = st.sampled_from(["api/**", "core/**", "lib/shared.py", "scripts/x.sh", "docs/**"]) | TEXT


def _op() -> st.SearchStrategy[Any]:
    """One candidateEdit operation: well-typed, with two members (against @oneOf), or any JSON."""
    kinds = {
        "rename": st.fixed_dictionaries({"blockId": BLOCK, "name": TEXT}, optional={"purpose": TEXT}),
        "merge": st.fixed_dictionaries({"into": BLOCK, "blockIds": st.lists(BLOCK, max_size=4)}),
        "split": st.fixed_dictionaries(
            {"blockId": BLOCK, "paths": st.lists(st.lists(PATH, max_size=3), max_size=3)},
            optional={"restToResidue": st.booleans()},
        ),
        "moveMember": st.fixed_dictionaries({"path": PATH, "from": BLOCK, "to": BLOCK}),
        "resolveSeam": st.fixed_dictionaries({"path": PATH, "resolution": st.sampled_from(["both"]) | TEXT}),
        "assignUnmapped": st.fixed_dictionaries({"path": PATH, "blockId": BLOCK}),
    }
    one = st.one_of([st.builds(lambda v, k=k: {k: v}, s) for k, s in kinds.items()])
    two = st.builds(lambda a, b: {**a, **b}, one, one)  # @oneOf with two members
    return one | two | JSON


OP = _op()


@st.composite
def _mutated(draw: st.DrawFn, text: str) -> str:
    """A copy of ``text`` after 1–4 edits: truncation, deletion, insertion, substitution, duplication."""
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 40)))
        kind = draw(st.sampled_from(["truncate", "delete", "insert", "replace", "duplicate"]))
        if kind == "truncate":
            text = text[:i]
        elif kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "insert":
            inserted = draw(TEXT | st.sampled_from(["{", "}", "(", ")", "$", "!", "...", "@oneOf", '"']))
            text = text[:i] + inserted + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(st.characters()) + text[i + 1 :]
        else:
            text = text[:j] + text[i:j] + text[j:]
    return text


def _variables(target: Target) -> dict[str, st.SearchStrategy[dict[str, Any]]]:
    """Per document, variables of the right names with right, wrong or hostile values."""
    values = {
        "repo": st.sampled_from([target.sandbox]) | TEXT | JSON,
        "v": st.integers(-2, 40) | JSON,
        "ops": st.lists(OP, max_size=4) | JSON,
        "batch": st.none() | TEXT,
        "seed": TEXT | JSON,
        "a": st.sampled_from(["ACQUIRE", "RELEASE", "REFRESH"]) | JSON,
        "ttl": st.integers() | JSON,
        "ids": st.none() | st.lists(BLOCK, max_size=3),
        "first": st.integers() | JSON,
        "after": st.none() | TEXT,
    }
    names = {
        EDIT: ["repo", "v", "ops", "batch"],
        IMPORT: ["seed", "v"],
        LEASE: ["repo", "a", "ttl"],
        RATIFY: ["repo", "v", "ids"],
        READ: ["repo", "first", "after"],
    }
    return {document: st.fixed_dictionaries({name: values[name] for name in keys}) for document, keys in names.items()}


# ---- the fuzz runs (each checks the guarded store on the way out, in the `poster` fixture) -------------


def test_random_text_as_a_document(poster: Poster) -> None:
    @settings(FUZZ, max_examples=400)
    @given(
        document=st.text(max_size=300) | st.text(st.sampled_from("{}()[]$!:@.,=\"' \nabcmutationquery"), max_size=300),
        variables=st.none() | JSON,
    )
    def run(document: str, variables: Any) -> None:
        poster.graphql(document, variables if isinstance(variables, dict) or variables is None else {"x": variables})

    run()
    assert poster.sent >= 400


def test_mutated_copies_of_our_own_mutations(poster: Poster, target: Target) -> None:
    documents = [EDIT, RENAME.replace("REPO", target.sandbox), IMPORT, LEASE, RATIFY, READ]
    variables_of, seed = _variables(target), candidate_seed(target.sandbox)

    @settings(FUZZ, max_examples=600)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        original = data.draw(st.sampled_from(documents))
        variables = data.draw(variables_of.get(original, st.just({})))
        if original is IMPORT:  # a seed for a missing store must name a version it cannot have
            variables["seed"] = data.draw(_mutated(seed))
            variables["v"] = data.draw(st.integers(1, 40))
        poster.graphql(data.draw(_mutated(original)), variables)

    run()
    assert poster.sent >= 600


def test_well_formed_mutations_with_wrong_or_hostile_variables(poster: Poster, target: Target) -> None:
    variables_of = _variables(target)

    @settings(FUZZ, max_examples=400)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        document = data.draw(st.sampled_from([EDIT, LEASE, RATIFY, READ]))
        poster.graphql(document, data.draw(variables_of[document]))

    run()
    assert poster.sent >= 400


def test_imports_of_broken_seeds(poster: Poster, target: Target) -> None:
    seed = json.loads(candidate_seed(target.sandbox))

    @settings(FUZZ, max_examples=200)
    @given(
        path=st.lists(
            st.sampled_from(
                ["repo", "skeleton", "blocks", 0, 1, "membership", "sockets", "name", "state", "path", "candidate_meta"]
            ),
            max_size=4,
        ),
        value=JSON,
        version=st.integers(1, 40),
    )
    def run(path: list[Any], value: Any, version: int) -> None:
        poster.graphql(IMPORT, {"seed": json.dumps(_replaced(seed, path, value)), "v": version})

    run()
    assert poster.sent >= 200


def _replaced(document: Any, path: list[Any], value: Any) -> Any:
    """``document`` with the value at the first reachable prefix of ``path`` replaced."""
    if not path:
        return value
    key, rest = path[0], path[1:]
    if isinstance(document, dict) and isinstance(key, str) and key in document:
        return {**document, key: _replaced(document[key], rest, value)}
    if isinstance(document, list) and isinstance(key, int) and key < len(document):
        return [*document[:key], _replaced(document[key], rest, value), *document[key + 1 :]]
    return value


def test_random_json_bodies_and_random_bytes_under_any_content_type(poster: Poster) -> None:
    content_types = st.sampled_from(
        [
            None,
            "application/json",
            "application/json; charset=latin-1",
            "application/graphql-response+json",
            "text/plain",
            "application/graphql",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "multipart/form-data; boundary=xyz",
            "multipart/mixed",
            "application/octet-stream",
            "*/*",
            "json",
        ]
    )
    accepts = st.sampled_from(
        [
            None,
            "application/json",
            "application/graphql-response+json",
            "text/html",
            "*/*",
            "multipart/mixed",
            "text/event-stream",
        ]
    )

    @settings(FUZZ, max_examples=400)
    @given(
        body=JSON
        | st.fixed_dictionaries(
            {}, optional={"query": JSON | TEXT, "variables": JSON, "operationName": JSON, "extensions": JSON}
        ),
        raw=st.none() | st.binary(max_size=300),
        content_type=content_types,
        accept=accepts,
    )
    def run(body: Any, raw: bytes | None, content_type: str | None, accept: str | None) -> None:
        if raw is None:
            poster.body(body, content_type or "application/json", accept)
        else:
            poster.raw(raw, content_type, accept)

    run()
    assert poster.sent >= 400


def test_get_requests_with_random_parameters(poster: Poster) -> None:
    @settings(FUZZ, max_examples=150)
    @given(
        params=st.dictionaries(
            st.sampled_from(["query", "variables", "operationName", "extensions", "x"]),
            st.text(max_size=80) | st.sampled_from(['{"a":', "[[[", "{}", "null", "5"]),
            max_size=4,
        )
    )
    def run(params: dict[str, str]) -> None:
        poster.get(params)

    run()
    assert poster.sent >= 150


def test_huge_strings_deep_nesting_and_many_tokens(poster: Poster, target: Target) -> None:
    sizes = st.sampled_from([10_000, 300_000, 1_040_000, 1_100_000])
    depths = st.sampled_from([13, 100, 900, 990, 1_000, 5_000, 20_000])

    @settings(FUZZ, max_examples=40)
    @given(
        kind=st.sampled_from(["string", "name", "selection", "list_literal", "json", "tokens", "aliases"]),
        size=sizes,
        depth=depths,
    )
    def run(kind: str, size: int, depth: int) -> None:
        if kind == "string":
            poster.graphql(IMPORT, {"seed": "x" * size, "v": 1})
        elif kind == "name":
            ops = [{"rename": {"blockId": "sb_api", "name": "n" * (size // 10)}}]
            poster.graphql(EDIT, {"repo": target.sandbox, "v": 1, "ops": ops})
        elif kind == "selection":
            poster.graphql("query { " + 'store(repoId: "x") { ' * depth + "storeVersion" + " }" * (depth + 1))
        elif kind == "list_literal":
            poster.graphql("query { store(repoId: " + "[" * depth + "]" * depth + ") { storeVersion } }")
        elif kind == "json":
            poster.raw(
                b'{"query": "{ repos { repoId } }", "variables": {"x": ' + b"[" * depth + b"]" * depth + b"}}",
                "application/json",
            )
        elif kind == "tokens":
            poster.graphql("query { " + " ".join(["repos { repoId }"] * (size // 1_000)) + " }")
        else:
            poster.graphql("query { " + " ".join(f"a{i}: repos {{ repoId }}" for i in range(depth % 2_000)) + " }")

    run()
    assert poster.sent >= 30
