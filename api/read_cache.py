"""Whole answers to store reads, kept per store head.

The screen sends the same few read documents again and again (its map, its version pulse), and agents poll
too. The answer to a query whose root fields all read one repository's store (``STORE_FIELDS``) is a function
of that store's content, its lease and, for the lease's ``live``, the clock: nothing else. The store's
*head* (``graphdb.store.Head``: the manifest, which names the content, and the lease) names all of it. So an
answer is kept under the request (document, operation, variables, Accept header, the caller's seat and agent
id) and the head it was computed at; an identical request later costs one small statement (the token's
identity and the head, ``graphdb.request_head``) and the same bytes. Store reads carry a ``Cache-Status``
header (RFC 9211) saying which way they were answered.

Only complete answers are kept: HTTP 200, no errors and no extensions (a stale answer from an outage carries
one), computed at exactly the head that was peeked (a store that moved on during the request is answered but
not kept). An answer that shows a live lease is dropped when the lease runs out. The cache is bounded in
entries and bytes, least recently used out first.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from graphql import (
    DocumentNode, FieldNode, GraphQLError, OperationDefinitionNode, OperationType, StringValueNode, VariableNode,
    parse,
)
from starlette.types import Message, Receive, Send

from graphdb.store import Head
from graphdb.tokens import Identity
from rooms.lease import parse_lease

# Says how a store read was answered (RFC 9211): kept ("hit"), computed ("fwd=miss", and "stored" when kept),
# or computed once for this and concurrent identical requests ("collapsed"). A computed answer of a proven
# document (``api.proven_reads``) adds ``detail=direct``.
CACHE_STATUS = b"cache-status"
HIT, COLLAPSED = b"coderooms; hit", b"coderooms; fwd=miss; collapsed"
MISS, STORED = b"coderooms; fwd=miss", b"coderooms; fwd=miss; stored"
DIRECT = b"; detail=direct"

# Root query fields whose answer depends on the store of their `repoId` argument alone.
STORE_FIELDS = frozenset({
    "store", "blocks", "block", "candidateRevision", "lease", "zeroTouchStatus", "unmapped", "reviewQueue",
})


@dataclass(frozen=True)
class StoreRead:
    """A request whose answer may be kept: the repository it reads, and what else its answer depends on."""

    repo_id: str
    request_key: Hashable

    def key(self, identity: Identity, head: Head | None) -> Hashable:
        # Who asks matters only by seat (every seat may read a store; no store field looks at the agent id),
        # so the clients of one seat share answers.
        return self.request_key, identity.seat, head


@dataclass(frozen=True)
class Answer:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes
    expires_at: float  # time.time(); inf unless a live lease shows in it

    async def send(self, send: Send, status: bytes) -> None:
        headers = [*self.headers, (CACHE_STATUS, status)]
        await send({"type": "http.response.start", "status": self.status, "headers": headers})
        await send({"type": "http.response.body", "body": self.body})


def store_read(payload: object, accept: str) -> StoreRead | None:
    """The store read a decoded GraphQL-over-HTTP POST body asks for; None when its answer is not kept."""
    if not isinstance(payload, dict) or not set(payload) <= {"query", "variables", "operationName", "extensions"}:
        return None
    document, operation_name = payload.get("query"), payload.get("operationName")
    variables = payload.get("variables") or {}
    if payload.get("extensions") or not isinstance(document, str) or not isinstance(variables, dict):
        return None
    if operation_name is not None and not isinstance(operation_name, str):
        return None
    repo_arg = _repo_argument(document, operation_name)
    if repo_arg is None:
        return None
    repo_id = variables.get(repo_arg[1]) if repo_arg[0] == "variable" else repo_arg[1]
    if not isinstance(repo_id, str):
        return None
    try:
        frozen = _freeze(variables)
    except TypeError:
        return None
    return StoreRead(repo_id, (document, operation_name, frozen, accept))


@lru_cache(maxsize=256)
def parsed(document: str) -> DocumentNode | None:
    """The parsed document (None: it does not parse), once per text while it keeps coming."""
    try:
        return parse(document)
    except GraphQLError:
        return None


@lru_cache(maxsize=256)
def _repo_argument(document: str, operation_name: str | None) -> tuple[str, str] | None:
    """("variable", name) or ("literal", repo id) when the operation reads one store only; else None."""
    tree = parsed(document)
    if tree is None:
        return None
    operation = _operation(tree, operation_name)
    if operation is None or operation.operation is not OperationType.QUERY:
        return None
    found: set[tuple[str, str]] = set()
    for selection in operation.selection_set.selections:
        if not isinstance(selection, FieldNode):
            return None  # a fragment on Query could select anything
        if selection.name.value == "__typename":
            continue
        if selection.name.value not in STORE_FIELDS:
            return None
        repo = next((a.value for a in selection.arguments or () if a.name.value == "repoId"), None)
        if isinstance(repo, VariableNode):
            found.add(("variable", repo.name.value))
        elif isinstance(repo, StringValueNode):
            found.add(("literal", repo.value))
        else:
            return None
    return found.pop() if len(found) == 1 else None


def _operation(document: DocumentNode, name: str | None) -> OperationDefinitionNode | None:
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    if name is None:
        return operations[0] if len(operations) == 1 else None
    named = [o for o in operations if o.name is not None and o.name.value == name]
    return named[0] if len(named) == 1 else None


def _freeze(value: object) -> Hashable:
    """A hashable, order-preserving image of decoded JSON (key order and types kept: 1 and 1.0 differ)."""
    if isinstance(value, dict):
        return ("{", tuple((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("[", tuple(_freeze(v) for v in value))
    if value is None or isinstance(value, (str, bool, int, float)):
        return type(value).__name__, value
    raise TypeError(type(value).__name__)


def expiry(head: Head | None) -> float:
    """When an answer computed at ``head`` stops being true by the clock alone: when its live lease ends."""
    lease = None if head is None else parse_lease(head.curating_by, head.curating_until)
    return float("inf") if lease is None else lease.until.timestamp()


class ResponseCache:
    """Kept answers and the ones being computed; used from the server's event loop only."""

    def __init__(self, *, max_entries: int = 256, max_bytes: int = 64 << 20) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._answers: OrderedDict[Hashable, Answer] = OrderedDict()
        self._bytes = 0
        self._computing: dict[Hashable, asyncio.Future[Answer | None]] = {}

    def computing(self, key: Hashable) -> asyncio.Future[Answer | None] | None:
        """The answer under ``key`` that a request is computing now (None when it is kept by then)."""
        return self._computing.get(key)

    @contextlib.contextmanager
    def compute(self, key: Hashable) -> Iterator[Callable[[Answer | None], None]]:
        """Register the computation of the answer under ``key``; the caller reports the answer (None: not
        to be kept) through the callable given. Waiters get None when the computation fails."""
        future: asyncio.Future[Answer | None] = asyncio.get_running_loop().create_future()
        first = self._computing.setdefault(key, future) is future
        answered: list[Answer | None] = [None]

        def report(answer: Answer | None) -> None:
            answered[0] = answer
        try:
            yield report
        finally:
            if answered[0] is not None:
                self.put(key, answered[0])
            if first:
                del self._computing[key]
            future.set_result(answered[0])

    def get(self, key: Hashable) -> Answer | None:
        answer = self._answers.get(key)
        if answer is None:
            return None
        if time.time() >= answer.expires_at:
            self._drop(key)
            return None
        self._answers.move_to_end(key)
        return answer

    def put(self, key: Hashable, answer: Answer) -> None:
        if len(answer.body) > self.max_bytes:
            return
        if key in self._answers:
            self._drop(key)
        self._answers[key] = answer
        self._bytes += len(answer.body)
        while len(self._answers) > self.max_entries or self._bytes > self.max_bytes:
            self._drop(next(iter(self._answers)))

    def _drop(self, key: Hashable) -> None:
        self._bytes -= len(self._answers.pop(key).body)


class Recorder:
    """An ASGI ``send`` that forwards a computed answer, saying whether it is kept, and keeps a copy of it.
    ``keeps()`` tells, when the response starts, whether the answer may be kept."""

    def __init__(self, send: Send, keeps: Callable[[], bool]) -> None:
        self._send = send
        self._keeps = keeps
        self.kept = False
        self.status = 0
        self.headers: list[tuple[bytes, bytes]] = []
        self.chunks: list[bytes] = []
        self.complete = False
        self.direct = False  # set by whoever computes the answer directly, before it starts

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            self.headers = list(message.get("headers", []))
            self.kept = self.status == 200 and self._keeps()
            status = (STORED if self.kept else MISS) + (DIRECT if self.direct else b"")
            message = {**message, "headers": [*self.headers, (CACHE_STATUS, status)]}
        elif message["type"] == "http.response.body":
            self.chunks.append(message.get("body", b""))
            self.complete = not message.get("more_body", False)
        await self._send(message)

    def answer(self, expires_at: float) -> Answer | None:
        if not self.kept or not self.complete:
            return None
        return Answer(self.status, self.headers, b"".join(self.chunks), expires_at)


def replaying(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that yields the already-read body once, then defers to the connection."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()
    return replay
