"""The reads a write refreshes (``api.read_refresh.RecentReads``): per store, per request and seat, most recent
first, and bounded both ways; and when a write's response starts."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor

import pytest
from starlette.types import Message, Scope

from api.app import _GraphQLApp
from api.context import Context
from api.read_cache import StoreRead
from api.read_refresh import Recipe, RecentReads
from api.schema import build_schema
from graphdb.tokens import Identity
from rooms.contract import Seat


def _recipe(repo_id: str, document: str, seat: Seat = Seat.AGENT, agent: str = "a") -> Recipe:
    read = StoreRead(repo_id, (document, None, ("{", ()), "application/json"))
    return Recipe(read, {"query": document}, "application/json", Identity(f"t-{agent}", seat, agent))


def _documents(recent: RecentReads, repo_id: str) -> list[tuple[str, Seat]]:
    return [(r.payload["query"], r.identity.seat) for r in recent.of(repo_id)]


def test_most_recent_first_and_one_per_request_and_seat() -> None:
    recent = RecentReads()
    recent.note(_recipe("r", "map"))
    recent.note(_recipe("r", "pulse"))
    recent.note(_recipe("r", "map", agent="b"))  # the same request and seat: the later asker replaces it
    recent.note(_recipe("r", "map", Seat.READER))
    recent.note(_recipe("other", "map"))
    assert _documents(recent, "r") == [("map", Seat.READER), ("map", Seat.AGENT), ("pulse", Seat.AGENT)]
    assert [r.identity.agent_id for r in recent.of("r")][1] == "b"
    assert _documents(recent, "other") == [("map", Seat.AGENT)]
    assert recent.of("never read") == []


def test_bounded_per_store_and_in_stores() -> None:
    recent = RecentReads(per_store=2, stores=2)
    for document in ["one", "two", "three"]:
        recent.note(_recipe("r", document))
    assert _documents(recent, "r") == [("three", Seat.AGENT), ("two", Seat.AGENT)]
    recent.note(_recipe("s", "one"))
    recent.note(_recipe("r", "four"))  # r is used again: s is now the least recent store
    recent.note(_recipe("t", "one"))
    assert recent.of("s") == []
    assert _documents(recent, "r") == [("four", Seat.AGENT), ("three", Seat.AGENT)]
    assert _documents(recent, "t") == [("one", Seat.AGENT)]


def _context(changed: set[str]) -> Context:
    return Context(request=None, response=None, db=None, identity=None, stale_reads=None,  # type: ignore[arg-type]
                   changed=changed)


def _app_refreshing(refresh: Callable[[Scope, list[str]], Awaitable[None]]) -> _GraphQLApp:
    app = _GraphQLApp(build_schema())
    app._refresh = refresh  # type: ignore[method-assign]
    return app


@pytest.mark.parametrize("changed, refreshed", [({"b", "a"}, [["a", "b"]]), (set(), [])])
def test_the_response_starts_after_the_refresh_of_what_changed(changed: set[str], refreshed: list) -> None:
    events: list[object] = []

    async def refresh(scope: Scope, repo_ids: list[str]) -> None:
        events.append(list(repo_ids))

    async def send(message: Message) -> None:
        events.append(message["type"])

    scope: Scope = {"state": {"context": _context(changed)}}
    forward = _app_refreshing(refresh)._refreshing_first(scope, send)
    _run(_send_response(forward))
    assert events == [*refreshed, "http.response.start", "http.response.body"]


def test_a_failed_refresh_never_fails_the_write() -> None:
    sent: list[str] = []

    async def refresh(scope: Scope, repo_ids: list[str]) -> None:
        raise RuntimeError("the refresh broke")

    async def send(message: Message) -> None:
        sent.append(message["type"])

    forward = _app_refreshing(refresh)._refreshing_first({"state": {"context": _context({"a"})}}, send)
    _run(_send_response(forward))
    assert sent == ["http.response.start", "http.response.body"]


def _run(coroutine: Coroutine[None, None, None]) -> None:
    """``asyncio.run`` on a thread of its own: the suite may have an event loop running on this one."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


async def _send_response(send: Callable[[Message], Awaitable[None]]) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})
