"""Driving the screen and reading the store back over GraphQL, for the e2e tests and the screen bench."""

from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Locator, Page, expect

from tests.api.conftest import ServedApi
from tests.api.edit_support import export

CHROMIUM = os.environ.get("CODEROOMS_CHROMIUM", "/usr/bin/chromium")  # Debian's; Playwright downloads none
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 800}
MAP_TIMEOUT_MS = 120_000

STORE = """query($r: ID!) { store(repoId: $r) { storeVersion skeleton { state } }
  history(repoId: $r, last: 1) { storeVersion kind ops }
  unmapped(repoId: $r, first: 1) { totalCount } }"""


def open_screen(page: Page, api: ServedApi, repo_id: str, token: str | None = None) -> None:
    """Open the owner's link (the token in the URL fragment) on ``repo_id`` and wait for its map."""
    page.goto(f"{api.base_url}/#token={quote(token or api.token)}&repo={quote(repo_id)}")
    expect(page.get_by_test_id("block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)


def block_row(page: Page, block_id: str) -> Locator:
    """The block's row in the list (the picture's box carries the block id too)."""
    return page.locator(f'[data-testid="block"][data-block-id="{block_id}"]')


def seed_of(api: ServedApi, repo_id: str) -> dict[str, Any]:
    text = export(api, repo_id)
    assert text is not None, f"{repo_id} has no store"
    return json.loads(text)


def blocks_of(api: ServedApi, repo_id: str) -> dict[str, dict[str, Any]]:
    return {b["block_id"]: b for b in seed_of(api, repo_id)["blocks"]}


def store_state(api: ServedApi, repo_id: str) -> dict[str, Any]:
    data = api.graphql(STORE, {"r": repo_id})["data"]
    return {
        "version": data["store"]["storeVersion"],
        "state": data["store"]["skeleton"]["state"],
        "last": data["history"][0] if data["history"] else None,
        "unmapped": data["unmapped"]["totalCount"],
    }


def wait_for_version(page: Page, api: ServedApi, repo_id: str, version: int) -> dict[str, Any]:
    """Wait until the store reaches ``version`` (the screen reloads after each write), then read it."""
    for _ in range(200):
        state = store_state(api, repo_id)
        if state["version"] >= version:
            assert state["version"] == version, f"expected exactly v{version}, the store is at v{state['version']}"
            return state
        page.wait_for_timeout(50)
    raise AssertionError(f"the store never reached v{version}")


def assert_one_batch(state: dict[str, Any], version: int, ops: int = 1) -> None:
    """The last write is the edit batch that made ``version``, with ``ops`` operations: one gesture, one batch."""
    last = state["last"]
    assert last["storeVersion"] == version, last
    assert len(json.loads(last["ops"])) == ops, last


def pick(select: Locator, **option: str) -> None:
    """Choose in a select as a person does: point at it first (the tray builds its options on approach)."""
    select.hover()
    select.select_option(**option)
