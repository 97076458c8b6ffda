"""The one response cache: whole answers to store reads, validated by the store's head, with ETag / 304.

A POSTed query whose root fields all read the store of one repository (``STORE_FIELDS``, one ``repoId``)
answers from that store's content, its lease and, for the lease's ``live``, the clock. The store's *head*
(its manifest, naming the version and every block doc, and its lease) names all of it. So a complete answer
(HTTP 200, data only) is kept under the request (body bytes, Accept header) and the caller's seat, with the
head peeked before computing it, unless a peek after computing differs. An identical request later costs one
small statement (``request_head``: the token's identity and the store's head, peeked by ``api.app``) and
gets the kept bytes while the head is unchanged, and while a live lease the answer shows has not ended.
Answers carry an ``ETag`` (a digest of the body); a request whose ``If-None-Match`` names the current
answer's ETag gets 304 and no body. ``Cache-Status`` (RFC 9211) says
whether the answer was kept (``hit``) or computed (``fwd=miss``, ``stored`` when it is kept now).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from graphql import (
    FieldNode,
    GraphQLError,
    OperationDefinitionNode,
    OperationType,
    StringValueNode,
    VariableNode,
    parse,
)
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Message, Send

from graphdb.database import Database
from graphdb.errors import DatabaseUnavailable
from rooms.lease import parse_lease

HIT, MISS, STORED = "coderooms; hit", "coderooms; fwd=miss", "coderooms; fwd=miss; stored"
STORE_FIELDS = {"store", "blocks", "block", "candidateRevision", "lease", "zeroTouchStatus", "unmapped", "reviewQueue"}
Compute = Callable[[Send], Awaitable[None]]
Head = tuple[Any, ...]
Headers = list[tuple[bytes, bytes]]
_DOWN: Head = ("database unavailable",)


@dataclass(frozen=True)
class Entry:
    head: Head
    expires_at: float  # time.time(); inf unless a live lease shows in the answer
    etag: str
    headers: Headers
    body: bytes


class ResponseCache:
    """Bounded in entries and bytes, least recently used out first; used from the event loop only."""

    def __init__(self, *, max_entries: int = 256, max_bytes: int = 64 << 20) -> None:
        self.max_entries, self.max_bytes = max_entries, max_bytes
        self._entries: OrderedDict[tuple[bytes, str], Entry] = OrderedDict()
        self._bytes = 0

    async def serve(
        self, request: Request, seat: str, body: bytes, repo_id: str, head: Head | None, compute: Compute, send: Send
    ) -> None:
        """Answer a read of ``repo_id``'s store (``body``, read already) whose store the caller found at ``head``
        (``head_of``; None: no store) from the cache, or by ``compute``, and keep it."""
        key = (hashlib.blake2b(request.headers.get("accept", "").encode() + b"\n" + body).digest(), seat)
        entry = self._entries.get(key)
        db = request.app.state.db
        if entry is not None and entry.head == head and time.time() < entry.expires_at:
            self._entries.move_to_end(key)
            await _send(request, send, entry.headers, entry.body, HIT, entry.etag)
            return
        answer = _Recorder()
        await compute(answer)
        if head is None or answer.status != 200 or not request.scope["state"].get("answer_complete"):
            await _send(request, send, answer.headers, answer.body, MISS, None, answer.status)
            return
        etag = f'"{hashlib.blake2b(answer.body, digest_size=16).hexdigest()}"'
        kept = await _peek(db, repo_id) == head  # computed at that head, not across a write
        if kept:
            lease = parse_lease(head[1], head[2])
            expires_at = float("inf") if lease is None else lease.until.timestamp()
            self._put(key, Entry(head, expires_at, etag, answer.headers, answer.body))
        await _send(request, send, answer.headers, answer.body, STORED if kept else MISS, etag)

    def _put(self, key: tuple[bytes, str], entry: Entry) -> None:
        self._drop(key)
        if len(entry.body) > self.max_bytes:
            return
        self._entries[key] = entry
        self._bytes += len(entry.body)
        while len(self._entries) > self.max_entries or self._bytes > self.max_bytes:
            self._drop(next(iter(self._entries)))

    def _drop(self, key: tuple[bytes, str]) -> None:
        dropped = self._entries.pop(key, None)
        if dropped is not None:
            self._bytes -= len(dropped.body)


def store_read(body: bytes) -> str | None:
    """The repository a GraphQL-over-HTTP POST body reads the store of, when that is all it reads; else None."""
    try:
        payload = json.loads(body)
        if not isinstance(payload, dict) or payload.get("extensions"):
            return None
        document, variables = parse(payload["query"]), payload.get("variables") or {}
    except (ValueError, KeyError, TypeError, GraphQLError, RecursionError):
        return None
    name = payload.get("operationName")
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    operations = [d for d in operations if name is None or (d.name is not None and d.name.value == name)]
    if len(operations) != 1 or operations[0].operation is not OperationType.QUERY or not isinstance(variables, dict):
        return None
    repos: list[Any] = []
    for selection in operations[0].selection_set.selections:
        if not isinstance(selection, FieldNode) or selection.name.value not in STORE_FIELDS | {"__typename"}:
            return None  # a fragment on Query could select anything
        repo = next((a.value for a in selection.arguments or () if a.name.value == "repoId"), None)
        if isinstance(repo, VariableNode):
            repos.append(variables.get(repo.name.value))
        elif isinstance(repo, StringValueNode):
            repos.append(repo.value)
        elif selection.name.value != "__typename":
            return None
    try:  # exactly one repository, a string the database takes (not a lone surrogate from a JSON escape)
        (repo_id,) = set(repos)
        repo_id.encode("utf-8")
    except (TypeError, ValueError, AttributeError):
        return None  # Strawberry answers (or refuses) it
    return repo_id


def head_of(row: dict[str, Any] | None) -> Head | None:
    """The head in a row of ``manifest``, ``curating_by`` and ``curating_until`` (None: no store)."""
    return None if row is None else (tuple(row["manifest"]), row["curating_by"], row["curating_until"])


async def _peek(db: Database, repo_id: str) -> Head | None:
    """The store's head as committed now; None: no store; ``_DOWN``: no answer."""
    try:
        rows = await run_in_threadpool(db.rows, "store_peek", repo_id=repo_id)
    except DatabaseUnavailable:
        return _DOWN
    return head_of(rows[0] if rows else None)


async def _send(
    request: Request, send: Send, headers: Headers, body: bytes, cache_status: str, etag: str | None, status: int = 200
) -> None:
    """The answer, or 304 with no body when the request's ``If-None-Match`` names its ETag."""
    tags = {t.strip().removeprefix("W/") for t in request.headers.get("if-none-match", "").split(",")}
    if etag is not None and (etag in tags or "*" in tags):
        await Response(status_code=304, headers={"etag": etag, "cache-status": cache_status})(
            request.scope, request.receive, send
        )
        return
    extra = [(b"cache-status", cache_status.encode()), *([(b"etag", etag.encode())] if etag else [])]
    await send({"type": "http.response.start", "status": status, "headers": [*headers, *extra]})
    await send({"type": "http.response.body", "body": body})


class _Recorder:
    """An ASGI ``send`` that holds a computed response until it is known whether it is kept."""

    def __init__(self) -> None:
        self.status, self.body = 0, b""
        self.headers: Headers = []

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status, self.headers = message["status"], list(message.get("headers", []))
        elif message["type"] == "http.response.body":
            self.body += message.get("body", b"")
