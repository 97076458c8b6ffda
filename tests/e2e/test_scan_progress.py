"""Issue 38, item 1, on screen: the scan dialog runs the scan as a job, shows its phase and a bar while it
runs, then the map; "Cancel scan" stops it and leaves the repository as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from graphdb.database import Database
from tests.api.conftest import ServedApi
from tests.e2e.screen import MAP_TIMEOUT_MS, seed_of
from tests.e2e.shots import screenshot
from tests.support import scan_held_at_loading, write_python_repo

pytestmark = pytest.mark.integration

# What the dialog may show while the scan waits on the held file: the phases before it is written.
HELD = re.compile("Listing the files|Parsing files|Resolving imports and calls|Writing the code graph")
EXPORT = "query($r: ID!) { exportSeed(repoId: $r) }"


def _scan(page: Page, screen_api: ServedApi, screen_root: Path, repo_id: str) -> int:
    files = write_python_repo(screen_root / repo_id)
    page.goto(f"{screen_api.base_url}/#token={screen_api.token}&repo={repo_id}")
    page.get_by_label("Directory").fill(repo_id)
    page.get_by_role("button", name="Scan this repo").click()
    return len(files)


def test_the_scan_dialog_shows_the_scans_progress_then_the_map(
    page: Page, screen_api: ServedApi, db: Database, screen_root: Path, repo_id: str
) -> None:
    # The scan waits at loading while the test holds one of its files: the dialog is watched while it runs.
    with scan_held_at_loading(db, f"{repo_id}~1", "src/billing/part0.py"):
        files = _scan(page, screen_api, screen_root, repo_id)
        progress = page.get_by_test_id("scan-progress")
        expect(progress).to_be_visible()
        expect(progress.get_by_role("progressbar", name="Scan progress")).to_be_visible()
        expect(progress.get_by_role("button", name="Cancel scan")).to_be_enabled()
        expect(page.get_by_role("button", name="Scanning…")).to_be_disabled()
        expect(progress.get_by_test_id("scan-phase")).to_have_text(HELD, timeout=MAP_TIMEOUT_MS)
        screenshot(page, "scan-progress")
    expect(page.get_by_test_id("block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)
    expect(page.get_by_test_id("scan-progress")).to_have_count(0)
    seed = seed_of(screen_api, repo_id)
    expect(page.get_by_test_id("block")).to_have_count(len(seed["blocks"]))
    assert sum(len(b["membership"]) for b in seed["blocks"]) <= files


def test_a_counted_phase_shows_its_files(page: Page, screen_api: ServedApi, screen_root: Path, repo_id: str) -> None:
    """While files are parsed the dialog counts them ("n of N files"), which the scan reports file by file."""
    files = write_python_repo(
        screen_root / repo_id, modules=tuple(f"module{i}" for i in range(24)), files_per_module=40
    )
    page.goto(f"{screen_api.base_url}/#token={screen_api.token}&repo={repo_id}")
    page.get_by_label("Directory").fill(repo_id)
    # Every text the phase line shows, as the screen draws it (polls may skip a short phase; never a count).
    page.evaluate(
        """() => { window.seenPhases = []; new MutationObserver(() => {
             const el = document.querySelector('[data-testid=scan-progress] p');
             if (el && window.seenPhases.at(-1) !== el.textContent) window.seenPhases.push(el.textContent);
           }).observe(document.body, { subtree: true, childList: true, characterData: true }); }"""
    )
    page.get_by_role("button", name="Scan this repo").click()
    expect(page.get_by_test_id("block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)
    seen = page.evaluate("window.seenPhases")
    assert seen, "the dialog showed the scan's progress"
    counted = [text for text in seen if text.startswith("Parsing files")]
    assert all(text.endswith(f" of {len(files)} files") for text in counted), seen


def test_cancel_scan_stops_it_and_leaves_the_repository_as_it_was(
    page: Page, screen_api: ServedApi, db: Database, screen_root: Path, repo_id: str
) -> None:
    with scan_held_at_loading(db, f"{repo_id}~1", "src/billing/part0.py"):
        _scan(page, screen_api, screen_root, repo_id)
        progress = page.get_by_test_id("scan-progress")
        expect(progress.get_by_test_id("scan-phase")).to_have_text(HELD, timeout=MAP_TIMEOUT_MS)
        progress.get_by_role("button", name="Cancel scan").click()
        expect(progress.get_by_role("button", name="Cancelling…")).to_be_disabled()
    expect(page.get_by_role("alert")).to_contain_text("Scan cancelled", timeout=MAP_TIMEOUT_MS)
    expect(page.get_by_test_id("scan-progress")).to_have_count(0)
    expect(page.get_by_role("button", name="Scan this repo")).to_be_enabled()
    assert screen_api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"] is None, "no map was written"
