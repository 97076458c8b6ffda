"""Which requests ``api.read_cache`` may answer from what it kept, what their key holds, and its bounds."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest

from api.read_cache import STORE_FIELDS, Answer, ResponseCache, expiry, store_read
from api.schema import build_schema
from graphdb.store import Head
from graphdb.tokens import Identity
from rooms.contract import Seat
from rooms.lease import format_time

OWNER = Identity("tok_1", Seat.OWNER, "owner")
READER = Identity("tok_2", Seat.READER, "reader")
HEAD = Head(("3:abc", "d1"), None, None)


def _read(query: str, variables: dict | None = None, **more: object):  # noqa: ANN202
    return store_read({"query": query, "variables": variables or {}, **more}, "application/json")


@pytest.mark.parametrize("query, variables, repo_id", [
    ("query($r: ID!) { store(repoId: $r) { storeVersion } lease(repoId: $r) { live } }", {"r": "a"}, "a"),
    ('{ blocks(repoId: "b") { blockId } __typename }', {}, "b"),
    ('query Q { unmapped(repoId: "c", first: 5) { totalCount } zeroTouchStatus(repoId: "c") { line } }', {}, "c"),
])
def test_reads_of_one_store_are_recognised(query: str, variables: dict, repo_id: str) -> None:
    read = _read(query, variables)
    assert read is not None and read.repo_id == repo_id


@pytest.mark.parametrize("query, variables", [
    ('mutation { candidateLease(input: {repoId: "a", action: ACQUIRE, ttlSecs: 5}) { __typename } }', {}),
    ('{ store(repoId: "a") { storeVersion } history(repoId: "a") { kind } }', {}),  # not the store alone
    ('{ store(repoId: "a") { storeVersion } lease(repoId: "b") { live } }', {}),  # two stores
    ('{ ... on Query { store(repoId: "a") { storeVersion } } }', {}),  # a fragment could select anything
    ("query($r: ID!) { store(repoId: $r) { storeVersion } }", {}),  # the variable is missing
    ("query($r: ID!) { store(repoId: $r) { storeVersion } }", {"r": 5}),
    ('query A { store(repoId: "a") { storeVersion } } query B { lease(repoId: "a") { live } }', {}),  # which?
    ("{ store(repoId: ", {}),  # does not parse
    ('{ repos { repoId } }', {}),
])
def test_other_requests_are_not_kept(query: str, variables: dict) -> None:
    assert _read(query, variables) is None


def test_a_named_operation_is_chosen_and_extensions_are_not_kept() -> None:
    two = 'query A { store(repoId: "a") { storeVersion } } query B { history(repoId: "a") { kind } }'
    assert _read(two, operationName="A") is not None
    assert _read(two, operationName="B") is None
    assert _read('{ store(repoId: "a") { storeVersion } }', extensions={"persistedQuery": {}}) is None
    assert store_read([{"query": '{ store(repoId: "a") { storeVersion } }'}], "") is None  # a batch


def test_the_key_holds_everything_the_answer_depends_on() -> None:
    query = "query($r: ID!, $n: Int) { unmapped(repoId: $r, first: $n) { totalCount } }"
    read = _read(query, {"r": "a", "n": 1})
    keys = {
        read.key(OWNER, HEAD),
        read.key(READER, HEAD),  # another seat (the agent id is not part of the key)
        read.key(OWNER, Head(("4:abd", "d1"), None, None)),
        read.key(OWNER, Head(HEAD.manifest, "someone", "2030-01-01T00:00:00.000000Z")),
        _read(query, {"r": "a", "n": 2}).key(OWNER, HEAD),
        _read(query, {"r": "a", "n": 1.0}).key(OWNER, HEAD),  # JSON 1.0 is not 1 to a GraphQL Int
        store_read({"query": query, "variables": {"r": "a", "n": 1}}, "application/graphql-response+json")
        .key(OWNER, HEAD),
    }
    assert len(keys) == 7
    assert _read(query, {"r": "a", "n": 1}).key(OWNER, HEAD) == read.key(OWNER, HEAD)


def test_an_answer_showing_a_live_lease_expires_with_it() -> None:
    until = datetime.now(UTC) + timedelta(seconds=30)
    assert expiry(Head(HEAD.manifest, "hand-1", format_time(until))) == pytest.approx(until.timestamp(), abs=1e-3)
    assert expiry(HEAD) == float("inf")
    cache = ResponseCache()
    cache.put("gone", Answer(200, [], b"{}", time.time() - 0.001))
    cache.put("live", Answer(200, [], b"{}", time.time() + 60))
    assert cache.get("gone") is None
    assert cache.get("live") is not None


def test_the_cache_is_bounded_in_entries_and_bytes() -> None:
    cache = ResponseCache(max_entries=3, max_bytes=10)
    for key in "abc":
        cache.put(key, Answer(200, [], b"12", float("inf")))
    assert cache.get("a") is not None  # now the most recently used
    cache.put("d", Answer(200, [], b"12", float("inf")))
    assert [k for k in "abcd" if cache.get(k) is not None] == ["a", "c", "d"]
    cache.put("e", Answer(200, [], b"123456789", float("inf")))  # 9 bytes: only it fits
    assert [k for k in "acde" if cache.get(k) is not None] == ["e"]
    cache.put("f", Answer(200, [], b"x" * 11, float("inf")))  # larger than the whole cache: not kept
    assert cache.get("f") is None and cache.get("e") is not None


def test_an_answer_being_computed_is_awaited_not_computed_again() -> None:
    cache = ResponseCache()
    answer = Answer(200, [], b"{}", float("inf"))

    async def scenario() -> None:
        assert cache.computing("k") is None
        with cache.compute("k") as report:
            pending = cache.computing("k")
            assert pending is not None and not pending.done()
            report(answer)
        assert await pending is answer
        assert cache.computing("k") is None and cache.get("k") is answer

        with pytest.raises(RuntimeError):  # a failed computation keeps nothing; its waiters get None
            with cache.compute("failed"):
                pending = cache.computing("failed")
                raise RuntimeError("the request failed")
        assert await pending is None
        assert cache.computing("failed") is None and cache.get("failed") is None

    # A thread of its own: an earlier test of the session may leave an event loop running in this one.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, scenario()).result()


def test_the_store_fields_are_query_fields_of_one_repository() -> None:
    """A renamed or removed field must not linger in the list (its reads would silently stop being kept)."""
    query_type = build_schema()._schema.query_type
    for name in STORE_FIELDS:
        assert name in query_type.fields, name
        assert "repoId" in query_type.fields[name].args, name
