"""The Starlette application: GraphQL at /graphql, liveness at /healthz, readiness at /readyz, the screen at /."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import AsyncIterator
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
from api.limits import BodyLimit, GraphQLLimits, SeatSlots, too_large
from api.response_cache import ResponseCache, head_of, store_read
from api.schema import build_schema
from api.screen import screen_routes
from api.settings import ApiSettings
from graphdb.errors import DatabaseUnavailable
from graphdb.fail_fast import FailFastDatabase
from graphdb.settings import DbSettings
from graphdb.tokens import identify_with_store
from services.scan_jobs import ScanJobs

GRAPHQL_RESPONSE_JSON = "application/graphql-response+json"
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class _GraphQLApp(GraphQL[Context, None]):
    """Strawberry over HTTP only, behind bearer-token authentication; store reads go through the response
    cache (``api.response_cache``) when it is on. Each execution holds one of its token's slots
    (``api.limits.SeatSlots``), and no answer over ``max_response_bytes`` is sent."""

    response_cache: ResponseCache | None = None
    seat_slots: SeatSlots  # set by create_app, from the settings
    max_response_bytes: int

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # no subscriptions: nothing in the contract streams
            await WebSocket(scope, receive, send).close(code=1008)
            return
        request = Request(scope, receive)
        if is_ide_page(request):
            await super().__call__(scope, receive, send)
            return
        if self.response_cache is not None and _may_read_a_store(request):
            body = await request.body()
            receive = _replaying(body, receive)  # the body was read here; Strawberry reads it again
            if await self._cached_read(request, body, receive, send):
                return
        identity = await authenticate(request)
        if isinstance(identity, Response):
            await identity(scope, receive, send)
            return
        scope.setdefault("state", {})["identity"] = identity
        await self._execute(scope, receive, send)

    async def _execute(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Strawberry, in one of the identified caller's slots (refused with 429 when none comes free)."""
        async with self.seat_slots.slot(scope["state"]["identity"].token_id) as held:
            if not held:
                await self.seat_slots.refusal()(scope, receive, send)
                return
            await super().__call__(scope, receive, send)

    async def _cached_read(self, request: Request, body: bytes, receive: Receive, send: Send) -> bool:
        """Answer a read of one store through the response cache, the token checked and the store's head
        peeked in one statement; False (nothing sent) when it is no such read or the database cannot answer."""
        assert self.response_cache is not None
        repo_id, token, db = store_read(body), bearer_token(request), request.app.state.db
        if repo_id is None or token is None or db.known_down:
            return False  # the plain path answers outages (503) and everything else
        try:
            identity, head = await run_in_threadpool(identify_with_store, db, token, repo_id)
        except DatabaseUnavailable:
            return False
        settled = settle_identity(identity)
        if isinstance(settled, Response):
            await settled(request.scope, receive, send)
            return True
        request.scope.setdefault("state", {})["identity"] = settled

        async def strawberry(out: Send) -> None:
            await self._execute(request.scope, receive, out)

        await self.response_cache.serve(request, settled.seat.value, body, repo_id, head_of(head), strawberry, send)
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
        sub_response.__dict__["request_state"] = request.state  # create_response may mark the answer incomplete
        return sub_response

    def create_response(self, response_data: Any, sub_response: Response) -> Response:
        """Speak ``application/graphql-response+json`` to clients that accept it (GraphQL over HTTP), and
        send no answer over ``max_response_bytes`` (``api.limits.too_large`` instead, never kept).

        In that media type a request error (syntax, validation, variable coercion: errors with no
        ``path`` and no data) answers 400 and carries no ``data`` entry.
        """
        graphql_json = sub_response.__dict__.get("graphql_response_json") and isinstance(response_data, dict)
        errors = (response_data.get("errors") or []) if graphql_json else []
        request_error = bool(errors) and response_data.get("data") is None and all("path" not in e for e in errors)
        if request_error:
            response_data = {k: v for k, v in response_data.items() if k != "data"}
        body = self.encode_json(response_data)
        if len(body) > self.max_response_bytes:
            body = self.encode_json(too_large(len(body), self.max_response_bytes))
            sub_response.__dict__["request_state"].answer_complete = False
        response = Response(body, status_code=sub_response.status_code or 200, media_type="application/json")
        response.headers.raw.extend(sub_response.headers.raw)
        response.background = sub_response.background
        if graphql_json:
            response.headers["content-type"] = f"{GRAPHQL_RESPONSE_JSON}; charset=utf-8"
        if request_error and not sub_response.status_code:
            response.status_code = 400
        return response

    async def get_context(self, request: Request | WebSocket, response: Response | WebSocket) -> Context:
        assert isinstance(request, Request)
        context = Context(
            request=request,
            response=response if isinstance(response, Response) else None,
            db=request.app.state.db,
            identity=getattr(request.state, "identity", None),
        )
        request.state.context = context
        return context

    async def process_result(self, request: Request, result: ExecutionResult) -> GraphQLHTTPResponse:
        processed = await super().process_result(request, result)
        # Complete: an answer ``api.response_cache`` may keep (no errors, no extensions).
        request.state.answer_complete = set(processed) == {"data"}
        return processed


def _may_read_a_store(request: Request) -> bool:
    """A GraphQL-over-HTTP POST with a JSON body: the only requests the response cache answers."""
    return (
        request.method == "POST"
        and not request.scope.get("query_string")
        and request.headers.get("content-type", "").startswith("application/json")
    )


def _replaying(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that yields the already-read body once, then defers to the connection."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay


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
        app.state.api_settings = api_settings
        app.state.schema_applied = False
        app.state.scan_jobs = ScanJobs()  # startScan's jobs: in this process's memory only
        await _ensure_schema(app)  # a database that is down now gets it once /readyz sees it back
        try:
            yield
        finally:
            await run_in_threadpool(app.state.scan_jobs.shutdown)  # running scans delete their staging
            db.close()

    async def healthz(_: Request) -> Response:
        return JSONResponse({"ok": True})

    async def readyz(request: Request) -> Response:
        ready = await run_in_threadpool(request.app.state.db.ping)
        if ready:
            await _ensure_schema(request.app)
        return JSONResponse({"ready": ready}, status_code=200 if ready else 503)

    limits = GraphQLLimits(
        max_depth=api_settings.max_query_depth,
        max_cost=api_settings.max_query_cost,
        max_tokens=api_settings.max_tokens,
        introspection=api_settings.introspection,
    )
    graphql_app = _GraphQLApp(build_schema(limits), graphql_ide="graphiql" if api_settings.graphiql else None)
    if api_settings.response_cache:
        graphql_app.response_cache = ResponseCache()
    graphql_app.seat_slots = SeatSlots(api_settings.seat_concurrency, api_settings.seat_wait_seconds)
    graphql_app.max_response_bytes = api_settings.max_response_bytes
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
