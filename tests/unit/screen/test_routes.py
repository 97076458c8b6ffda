"""The screen's routes: the page and its bundle, the strict headers, and an honest answer when unbuilt."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from starlette.applications import Starlette

from api.screen import BUILD_COMMAND, STATIC, bundle_missing, screen_routes


class _Client:
    """GET through the ASGI app in process (no server, no network)."""

    def __init__(self, static: Path) -> None:
        self.app = Starlette(routes=screen_routes(static))

    def get(self, url: str) -> httpx.Response:
        async def fetch() -> httpx.Response:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app), base_url="http://screen") as c:
                response = await c.get(url)
                await response.aread()
                return response

        # in a thread of its own: the session may already run an event loop (the e2e tests' browser driver)
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, fetch()).result()


def _client(static: Path) -> _Client:
    return _Client(static)


def _static(tmp_path: Path, *, built: bool) -> Path:
    (tmp_path / "index.html").write_text((STATIC / "index.html").read_text())
    if built:
        (tmp_path / "dist").mkdir()
        (tmp_path / "dist" / "app.js").write_text("export {};\n")
        (tmp_path / "dist" / "app.css").write_text("body{}\n")
    return tmp_path


def test_the_page_and_its_bundle_are_served_with_a_strict_policy(tmp_path: Path) -> None:
    client = _client(_static(tmp_path, built=True))
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/dist/app.js">' in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy and "unsafe-inline" not in policy
    assert page.headers["referrer-policy"] == "no-referrer"
    script = client.get("/dist/app.js")
    assert script.status_code == 200 and script.text == "export {};\n"
    assert script.headers["content-security-policy"] == policy
    assert client.get("/dist/nothing.js").status_code == 404
    assert "set-cookie" not in page.headers


def test_a_missing_bundle_says_so_and_how_to_build_it(tmp_path: Path) -> None:
    static = _static(tmp_path, built=False)
    assert bundle_missing(static / "dist") == ["app.js", "app.css"]
    page = _client(static).get("/")
    assert page.status_code == 503
    assert "bundle is missing" in page.text and BUILD_COMMAND in page.text
    assert _client(static).get("/dist/app.js").status_code == 404


def test_the_page_loads_nothing_from_elsewhere() -> None:
    page = (STATIC / "index.html").read_text()
    assert "http://" not in page and "https://" not in page and "//" not in page.replace("<!--", "")
