"""The screen at ``/``: one static page and its bundle, which talks to ``/graphql`` only.

The bundle is built from ``ui/`` into ``api/static/dist/`` (``npm --prefix ui ci && npm --prefix ui run
build``). When it is missing, ``/`` answers 503 with a page that says so and how to build it, and
``/dist/*`` answers 404. Every answer carries a strict Content-Security-Policy: scripts and styles come
from this origin only, nothing inline, and the page may only talk back to its own origin.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

STATIC = Path(__file__).parent / "static"
DIST = STATIC / "dist"
BUNDLE = ("app.js", "app.css")
BUILD_COMMAND = "npm --prefix ui ci && npm --prefix ui run build"

SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
        "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "cache-control": "no-cache",
}

_MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Code Rooms — screen not built</title></head>
<body><h1>The screen's bundle is missing</h1>
<p>This server has no built screen in <code>api/static/dist/</code>. Build it from the project root:</p>
<pre>{command}</pre>
<p>then reload this page. The GraphQL API works without it at <a href="/graphql">/graphql</a>.</p>
</body></html>
"""


def bundle_missing(dist: Path = DIST) -> list[str]:
    """The bundle files that are not there (empty when the screen is built)."""
    return [name for name in BUNDLE if not (dist / name).is_file()]


class _Assets(StaticFiles):
    """The built bundle, with the page's security headers."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not Path(str(self.directory)).is_dir():
            missing = PlainTextResponse(
                f"the screen is not built: {BUILD_COMMAND}", status_code=404, headers=SECURITY_HEADERS
            )
            await missing(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await super().__call__(scope, receive, send_with_headers)


def screen_routes(static: Path = STATIC) -> list[BaseRoute]:
    """``/`` (the page) and ``/dist`` (its bundle, built into ``static/dist``)."""
    dist = static / "dist"

    async def index(_: Request) -> Response:
        if bundle_missing(dist):
            return HTMLResponse(_MISSING.format(command=BUILD_COMMAND), status_code=503, headers=SECURITY_HEADERS)
        return FileResponse(static / "index.html", media_type="text/html", headers=SECURITY_HEADERS)

    return [
        Route("/", index, methods=["GET", "HEAD"]),
        Mount("/dist", app=_Assets(directory=dist, check_dir=False), name="dist"),
    ]
