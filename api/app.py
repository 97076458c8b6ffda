"""The Starlette application: GraphQL at /graphql, liveness at /healthz, readiness at /readyz, the screen at /."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL
from strawberry.http import GraphQLHTTPResponse
from strawberry.types import ExecutionResult

from api.auth import authenticate, bearer_token, is_ide_page, settle_identity
from api.context import Context
from api.screen import screen_routes
from api.limits import BodyLimit, GraphQLLimits
from api.proven_reads import ProvenDocuments, complete_data
from api.read_cache import COLLAPSED, HIT, Answer, Recorder, ResponseCache, expiry, replaying, store_read
from api.read_refresh import Recipe, RecentReads, no_request_body, unsent
from api.schema import build_schema
from api.settings import ApiSettings
from api.stale_reads import StaleReads
from graphdb.errors import DatabaseUnavailable
from graphdb.event_loop_reads import EventLoopReads
from graphdb.fail_fast import FailFastDatabase
from graphdb.request_head import identify_with_head, peek_head
from graphdb.settings import DbSettings
from graphdb.store import Head


GRAPHQL_RESPONSE_JSON = "application/graphql-response+json"
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_log = logging.getLogger("coderooms.api")


class _GraphQLApp(GraphQL[Context, None]):
    """Strawberry over HTTP only, behind bearer-token authentication; reads of one store answered from
    ``api.read_cache`` when their answer is known."""

    response_cache: ResponseCache
    proven_documents: ProvenDocuments
    recent_reads: RecentReads

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # no subscriptions: nothing in the contract streams
            await WebSocket(scope, receive, send).close(code=1008)
            return
        request = Request(scope, receive)
        if is_ide_page(request):
            await super().__call__(scope, receive, send)
            return
        token = bearer_token(request)
        if token is not None and request.method == "POST" and not scope.get("query_string"):
            body = await request.body()
            receive = replaying(body, receive)  # the body was read here; Strawberry reads it again
            if await self._store_read(request, token, body, scope, receive, send):
                return
        identity = await authenticate(request)
        if isinstance(identity, Response):
            await identity(scope, receive, send)
            return
        scope.setdefault("state", {})["identity"] = identity
        await super().__call__(scope, receive, self._refreshing_first(scope, send))

    async def _store_read(self, request: Request, token: str, body: bytes, scope: Scope, receive: Receive,
                          send: Send) -> bool:
        """Answer a read of one store from ``api.read_cache`` or compute and keep its answer; False (nothing
        sent) when the request is no such read or the database cannot say who is asking."""
        if not request.headers.get("content-type", "").startswith("application/json"):
            return False
        accept = request.headers.get("accept", "")
        try:
            payload = self.decode_json(body)
        except json.JSONDecodeError:
            return False
        read = store_read(payload, accept)
        if read is None:
            return False
        if request.app.state.db.known_down:
            return False  # the uncached path answers for outages, and probes for the end of one
        try:
            identity, head = await identify_with_head(request.app.state.event_loop_reads, token, read.repo_id)
        except DatabaseUnavailable:
            return False
        settled = settle_identity(request, token, identity)
        if isinstance(settled, Response):
            await settled(scope, receive, send)
            return True
        key = read.key(settled, head)
        assert isinstance(payload, dict)  # store_read said so
        recipe = Recipe(read, payload, accept, settled)
        cached = self.response_cache.get(key)
        if cached is not None:
            self.recent_reads.note(recipe)
            await cached.send(send, HIT)
            return True
        state = scope.setdefault("state", {})
        state["identity"] = settled
        if head is None:  # no store: nothing to keep the answer under
            await super().__call__(scope, receive, Recorder(send, lambda: False))
            return True
        computing = self.response_cache.computing(key)
        if computing is not None:  # the same answer is being computed: wait for it rather than compute it again
            answer = await asyncio.shield(computing)
            if answer is not None:
                await answer.send(send, COLLAPSED)
                return True
        state["heads"] = {read.repo_id: head}
        recorder = Recorder(send, _complete_at(state, read.repo_id, head))
        with self.response_cache.compute(key) as done:
            if not await self._answer_proven(request, payload, accept, scope, receive, recorder):
                await super().__call__(scope, receive, recorder)
                if state.get("answer_complete"):
                    self.proven_documents.prove(payload, accept)
            answer = recorder.answer(expiry(head))
            done(answer)
        if answer is not None:
            self.recent_reads.note(recipe)
        return True

    def _refreshing_first(self, scope: Scope, send: Send) -> Send:
        """``send``, except that when the response starts, the stores the request changed first get their
        recent reads answered at their new heads (``api.read_refresh``)."""
        started = False

        async def forward(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start" and not started:
                started = True
                context = scope.get("state", {}).get("context")
                if isinstance(context, Context) and context.changed:
                    try:
                        await self._refresh(scope, sorted(context.changed))
                    except Exception:  # noqa: BLE001 - the write is done; its answer must go out regardless
                        _log.exception("refreshing kept answers after a write failed")
            await send(message)
        return forward

    async def _refresh(self, scope: Scope, repo_ids: Iterable[str]) -> None:
        app = scope["app"]
        if app.state.db.known_down:
            return
        for repo_id in repo_ids:
            recipes = self.recent_reads.of(repo_id)
            if not recipes:
                continue
            try:
                head = await peek_head(app.state.event_loop_reads, repo_id)
            except DatabaseUnavailable:
                return
            if head is None:
                continue
            for recipe in recipes:
                key = recipe.read.key(recipe.identity, head)
                if self.response_cache.get(key) is None and self.response_cache.computing(key) is None:
                    with self.response_cache.compute(key) as done:
                        done(await self._answer_at(scope, recipe, head))

    async def _answer_at(self, scope: Scope, recipe: Recipe, head: Head) -> Answer | None:
        """The answer a read of ``recipe`` at ``head`` would keep, computed as a proven read is (None when the
        document is not proven, or the answer is not one to keep)."""
        state: dict[str, Any] = {"identity": recipe.identity, "heads": {recipe.read.repo_id: head}}
        read_scope: Scope = {
            "type": "http", "method": "POST", "path": scope.get("path", "/graphql"), "query_string": b"",
            "app": scope["app"], "headers": [(b"accept", recipe.accept.encode("latin-1"))], "state": state,
        }
        recorder = Recorder(unsent, _complete_at(state, recipe.read.repo_id, head))
        if not await self._answer_proven(Request(read_scope), recipe.payload, recipe.accept, read_scope,
                                         no_request_body, recorder):
            return None
        return recorder.answer(expiry(head))

    async def _answer_proven(self, request: Request, payload: dict[str, Any], accept: str, scope: Scope,
                             receive: Receive, send: Recorder) -> bool:
        """Answer a proven read (``api.proven_reads``) directly; False (nothing sent) when it is not proven or
        its result is not complete, and the full run must answer."""
        proven = self.proven_documents.find(payload, accept)
        if proven is None:
            return False
        sub_response = await self.get_sub_response(request)
        context = await self.get_context(request, sub_response)
        data = await complete_data(self.schema, proven, context)
        if data is None:
            request.state.context = None  # the full run makes its own
            return False
        request.state.answer_complete = True
        send.direct = True
        await self.create_response({"data": data}, sub_response)(scope, receive, send)
        return True

    def decode_json(self, data: str | bytes) -> object:
        """Strict JSON for bodies and GET parameters: anything unreadable is a 400, never a 500.

        Refused (as ``JSONDecodeError``, which Strawberry answers with 400 "Unable to parse request body as
        JSON"): bytes that are not UTF-8, nesting deeper than the parser's recursion limit, escaped lone
        surrogates (no database or encoder accepts them), and a top level that is not an object or a list.
        """
        raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
        try:
            decoded = json.loads(raw)
            if _SURROGATE_ESCAPE.search(raw):
                json.dumps(decoded, ensure_ascii=False).encode("utf-8")
        except json.JSONDecodeError:
            raise
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError, UnicodeEncodeError, too deep
            raise json.JSONDecodeError(f"unreadable JSON ({type(exc).__name__})", "", 0) from exc
        if not isinstance(decoded, (dict, list)):
            raise json.JSONDecodeError("a JSON object was expected", "", 0)
        return decoded

    def encode_json(self, data: object) -> str | bytes:
        """Responses with orjson: a block map's JSON costs a tenth of the json module's time. What orjson
        refuses (a lone surrogate a document smuggled in as a GraphQL string escape) the json module
        escapes."""
        try:
            return orjson.dumps(data)
        except TypeError:
            return super().encode_json(data)

    async def get_sub_response(self, request: Request | WebSocket) -> Response:
        sub_response = await super().get_sub_response(request)
        accept = request.headers.get("accept", "")
        sub_response.__dict__["graphql_response_json"] = GRAPHQL_RESPONSE_JSON in accept
        return sub_response

    def create_response(self, response_data: Any, sub_response: Response) -> Response:
        """Speak ``application/graphql-response+json`` to clients that accept it (GraphQL over HTTP).

        In that media type a request error (syntax, validation, variable coercion: errors with no
        ``path`` and no data) answers 400 and carries no ``data`` entry.
        """
        if not sub_response.__dict__.get("graphql_response_json") or not isinstance(response_data, dict):
            return super().create_response(response_data, sub_response)
        errors = response_data.get("errors") or []
        request_error = response_data.get("data") is None and errors and all("path" not in e for e in errors)
        if request_error:
            response_data = {k: v for k, v in response_data.items() if k != "data"}
        response = super().create_response(response_data, sub_response)
        response.headers["content-type"] = f"{GRAPHQL_RESPONSE_JSON}; charset=utf-8"
        if request_error and not sub_response.status_code:
            response.status_code = 400
        return response

    async def get_context(self, request: Request | WebSocket, response: Response | WebSocket) -> Context:
        assert isinstance(request, Request)
        context = Context(request=request, response=response if isinstance(response, Response) else None,
                          db=request.app.state.db,
                          identity=getattr(request.state, "identity", None),
                          stale_reads=request.app.state.stale_reads,
                          heads=getattr(request.state, "heads", {}))
        request.state.context = context
        return context

    async def process_result(self, request: Request, result: ExecutionResult) -> GraphQLHTTPResponse:
        processed = await super().process_result(request, result)
        # Complete: nothing for ``api.read_cache`` to hold back (no errors, no stale or other extensions).
        request.state.answer_complete = set(processed) == {"data"}
        return processed


def _complete_at(state: dict[str, Any], repo_id: str, head: Head) -> Callable[[], bool]:
    """Whether the answer of the request with this ``state`` may be kept: a complete answer, computed at exactly
    the head peeked."""
    def keeps() -> bool:
        context = state.get("context")
        return bool(state.get("answer_complete")) and context is not None and context.served_heads == {repo_id: head}
    return keeps


async def _ensure_schema(app: Starlette) -> None:
    if app.state.schema_applied:
        return
    try:
        await run_in_threadpool(app.state.db.apply_schema)
    except DatabaseUnavailable:
        return
    app.state.schema_applied = True


def create_app(api_settings: ApiSettings | None = None, db_settings: DbSettings | None = None) -> Starlette:
    api_settings = api_settings or ApiSettings()
    db_settings = db_settings or DbSettings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        db = FailFastDatabase.connect(db_settings)  # an outage answers at once, not after the driver's retries
        assert db.target is not None
        app.state.db = db
        app.state.event_loop_reads = EventLoopReads.connect(db.target)
        app.state.stale_reads = StaleReads()
        app.state.api_settings = api_settings
        app.state.schema_applied = False
        await _ensure_schema(app)  # a database that is down now gets it once /readyz sees it back
        try:
            yield
        finally:
            db.close()
            await app.state.event_loop_reads.close()

    async def healthz(_: Request) -> Response:
        return JSONResponse({"ok": True})

    async def readyz(request: Request) -> Response:
        ready = await run_in_threadpool(request.app.state.db.ping)
        if ready:
            await _ensure_schema(request.app)
        return JSONResponse({"ready": ready}, status_code=200 if ready else 503)

    limits = GraphQLLimits(max_depth=api_settings.max_query_depth, max_aliases=api_settings.max_aliases,
                           max_tokens=api_settings.max_tokens, introspection=api_settings.introspection)
    graphql_app = _GraphQLApp(build_schema(limits), graphql_ide="graphiql" if api_settings.graphiql else None)
    graphql_app.response_cache = ResponseCache()
    graphql_app.proven_documents = ProvenDocuments()
    graphql_app.recent_reads = RecentReads()
    graphql = BodyLimit(graphql_app, api_settings.max_body_bytes)
    return Starlette(
        routes=[
            Route("/graphql", graphql, methods=["GET", "POST"]),
            Route("/healthz", healthz),
            Route("/readyz", readyz),
            *screen_routes(),
        ],
        lifespan=lifespan,
    )
