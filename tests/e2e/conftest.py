"""The screen in Debian's headless Chromium (driven by Playwright), against a real `coderooms serve` and Neo4j.

The browser is the system's (``/usr/bin/chromium``, or ``CODEROOMS_CHROMIUM``): Playwright never downloads
one. Each test gets a fresh browser context (its own sessionStorage, no cookies) at 1280×800; a page error
or a JavaScript dialog fails the test at teardown.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from api.screen import BUILD_COMMAND
from graphdb.connection import Target
from graphdb.database import Database
from graphdb.tokens import create_token
from rooms.contract import Seat
from tests.api.conftest import ServedApi, env_for, serve, stop
from tests.e2e.screen import CHROMIUM, CHROMIUM_ARGS, VIEWPORT

BUNDLE = Path(__file__).resolve().parents[2] / "api" / "static" / "dist" / "app.js"


@pytest.fixture(scope="session")
def screen_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The only directory the screen's server may scan."""
    return tmp_path_factory.mktemp("screen-scan-root")


@pytest.fixture(scope="session")
def owner(db: Database) -> str:
    return create_token(db, Seat.OWNER, "e2e-owner", "tests")[1]


@pytest.fixture(scope="session")
def agent(db: Database) -> str:
    return create_token(db, Seat.AGENT, "e2e-agent", "tests")[1]


@pytest.fixture(scope="session")
def screen_api(neo4j_target: Target, owner: str, screen_root: Path) -> Iterator[ServedApi]:
    assert BUNDLE.is_file(), f"the screen is not built ({BUNDLE} is missing): {BUILD_COMMAND}"
    served = serve({**env_for(neo4j_target), "CODEROOMS_SCAN_ROOTS": json.dumps([str(screen_root)])}, owner)
    yield served
    stop(served)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.set_default_timeout(30_000)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda error: problems.append(f"page error: {error}"))

    def on_dialog(dialog) -> None:  # playwright's Dialog
        problems.append(f"a {dialog.type} dialog fired: {dialog.message!r}")
        dialog.dismiss()

    tab.on("dialog", on_dialog)
    yield tab
    assert not problems, problems
