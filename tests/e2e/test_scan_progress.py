"""Issue 38, item 1, on screen: the scan dialog runs the scan as a job, shows its phase and a bar while it
runs, then the map; "Cancel scan" stops it and leaves the repository as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.api.conftest import ServedApi
from tests.e2e.screen import MAP_TIMEOUT_MS, seed_of
from tests.e2e.shots import screenshot
from tests.support import write_python_repo

pytestmark = pytest.mark.integration

MANY = tuple(f"module{i}" for i in range(24))  # 24 x 40 files: a parse of seconds, watched at 300 ms

EXPORT = "query($r: ID!) { exportSeed(repoId: $r) }"


def _scan(page: Page, screen_api: ServedApi, screen_root: Path, repo_id: str) -> int:
    files = write_python_repo(screen_root / repo_id, modules=MANY, files_per_module=40)
    page.goto(f"{screen_api.base_url}/#token={screen_api.token}&repo={repo_id}")
    page.get_by_label("Directory").fill(repo_id)
    page.get_by_role("button", name="Scan this repo").click()
    return len(files)


def test_the_scan_dialog_shows_the_scans_progress_then_the_map(
    page: Page, screen_api: ServedApi, screen_root: Path, repo_id: str
) -> None:
    files = _scan(page, screen_api, screen_root, repo_id)
    progress = page.get_by_test_id("scan-progress")
    expect(progress).to_be_visible()
    expect(progress.get_by_role("progressbar", name="Scan progress")).to_be_visible()
    expect(progress.get_by_test_id("scan-phase")).to_have_text("Parsing files")
    expect(progress).to_contain_text(f"of {files} files")
    screenshot(page, "scan-progress")
    expect(progress.get_by_test_id("scan-phase")).not_to_have_text("Parsing files", timeout=MAP_TIMEOUT_MS)
    expect(page.get_by_test_id("block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)
    expect(page.get_by_test_id("scan-progress")).to_have_count(0)
    seed = seed_of(screen_api, repo_id)
    expect(page.get_by_test_id("block")).to_have_count(len(seed["blocks"]))


def test_cancel_scan_stops_it_and_leaves_the_repository_as_it_was(
    page: Page, screen_api: ServedApi, screen_root: Path, repo_id: str
) -> None:
    _scan(page, screen_api, screen_root, repo_id)
    progress = page.get_by_test_id("scan-progress")
    expect(progress.get_by_test_id("scan-phase")).to_have_text("Parsing files")
    progress.get_by_role("button", name="Cancel scan").click()
    expect(page.get_by_role("alert")).to_contain_text("Scan cancelled", timeout=MAP_TIMEOUT_MS)
    expect(page.get_by_test_id("scan-progress")).to_have_count(0)
    expect(page.get_by_role("button", name="Scan this repo")).to_be_enabled()
    assert screen_api.graphql(EXPORT, {"r": repo_id})["data"]["exportSeed"] is None, "no map was written"
