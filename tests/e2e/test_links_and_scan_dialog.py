"""Deep links open one repository and one block, and the back button walks back (issue 35, item 5); the
Scan dialog never replaces the open repository without a confirmation (item 6)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Locator, Page, expect

from graphdb.database import Database
from rooms.contract import SkeletonState
from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, import_seed
from tests.api.test_skeleton_candidate import scan
from tests.e2e.screen import MAP_TIMEOUT_MS, store_state
from tests.support import write_python_repo

pytestmark = pytest.mark.integration


@pytest.fixture
def other_repo(db: Database, repo_id: str) -> Iterator[str]:
    """A second repository id of this test's own, deleted afterwards."""
    other = f"{repo_id}-2"
    yield other
    while db.execute("repo_delete_batch", repo_id=other, batch_size=10_000)[0]["deleted"]:
        pass


def panel_title(page: Page) -> Locator:
    return page.get_by_test_id("panel").locator("#panel-title")


def test_a_deep_link_opens_the_block_and_back_returns_to_it(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    page.goto(f"{screen_api.base_url}/#token={quote(screen_api.token)}&repo={repo_id}&block=sb_docs")
    expect(panel_title(page)).to_have_text("docs (heuristic)", timeout=MAP_TIMEOUT_MS)
    assert "token=" not in page.url  # the token never stays in the address

    page.locator('[data-testid="picture-block"][data-block-id="sb_core"]').click()
    expect(panel_title(page)).to_have_text("core (heuristic)")
    assert page.url.endswith(f"#repo={repo_id}&block=sb_core")
    page.locator('[data-block-id="sb_api"][data-testid="block"]').get_by_role("button", name="Open").click()
    expect(panel_title(page)).to_have_text("api (heuristic)")

    page.go_back()
    expect(panel_title(page)).to_have_text("core (heuristic)")
    page.go_back()
    expect(panel_title(page)).to_have_text("docs (heuristic)")
    assert page.url.endswith(f"#repo={repo_id}&block=sb_docs")
    page.go_forward()
    expect(panel_title(page)).to_have_text("core (heuristic)")


def test_query_parameters_open_the_repository_and_block_too(
    page: Page, screen_api: ServedApi, repo_id: str, other_repo: str
) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    import_seed(screen_api, candidate_seed(other_repo))
    page.goto(f"{screen_api.base_url}/?repo={other_repo}&block=sb_docs#token={quote(screen_api.token)}")
    expect(panel_title(page)).to_have_text("docs (heuristic)", timeout=MAP_TIMEOUT_MS)
    picker = page.get_by_label("Repository", exact=True)
    expect(picker).to_have_value(other_repo)
    # another repository from the picker, then back to the linked one
    picker.select_option(repo_id)
    expect(picker).to_have_value(repo_id)
    page.go_back()
    expect(picker).to_have_value(other_repo)
    expect(panel_title(page)).to_have_text("docs (heuristic)")


def test_the_scan_dialog_cannot_replace_the_open_repository_without_a_confirmation(
    page: Page, screen_api: ServedApi, screen_root: Path, repo_id: str, other_repo: str
) -> None:
    write_python_repo(screen_root / repo_id)
    assert scan(screen_api, repo_id, str(screen_root / repo_id), None)["__typename"] == "CandidateWritten"
    write_python_repo(screen_root / other_repo, modules=("alpha", "beta"), files_per_module=4)
    page.goto(f"{screen_api.base_url}/#token={quote(screen_api.token)}&repo={repo_id}")
    expect(page.get_by_test_id("block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)
    directory = page.get_by_label("Directory", exact=False)

    page.get_by_role("button", name="Scan…").click()
    expect(page.get_by_label("Repository id")).to_have_value("")  # not the open repository
    expect(directory).to_have_value("")  # not the whole scan root
    # the folder of the open repository derives its id: the dialog says what a scan would do, and waits
    directory.fill(str(screen_root / repo_id))
    warning = page.get_by_test_id("scan-replaces")
    expect(warning).to_contain_text(f"“{repo_id}” already has a candidate map (v1). Scanning replaces it")
    expect(page.get_by_role("button", name=f"Rescan {repo_id}")).to_be_disabled()
    directory.press("Enter")  # submitting the form does nothing either
    page.wait_for_timeout(300)
    assert store_state(screen_api, repo_id)["version"] == 1

    # a new folder: a new repository, nothing to confirm, the open one untouched
    directory.fill(str(screen_root / other_repo))
    expect(warning).to_have_count(0)
    page.get_by_role("button", name="Scan this repo").click()
    expect(page.get_by_label("Repository", exact=True)).to_have_value(other_repo, timeout=MAP_TIMEOUT_MS)
    assert store_state(screen_api, other_repo)["version"] == 1
    assert store_state(screen_api, repo_id)["version"] == 1

    # rescanning on purpose: confirmed, then replaced
    page.get_by_role("button", name="Scan…").click()
    directory.fill(str(screen_root / repo_id))
    page.get_by_label(f"Yes, scan into “{repo_id}”").check()
    page.get_by_role("button", name=f"Rescan {repo_id}").click()
    expect(page.get_by_label("Repository", exact=True)).to_have_value(repo_id, timeout=MAP_TIMEOUT_MS)
    assert store_state(screen_api, repo_id)["version"] == 2


def test_the_scan_dialog_says_a_rescan_of_a_ratified_map_writes_a_revision(
    page: Page, screen_api: ServedApi, repo_id: str
) -> None:
    import_seed(screen_api, candidate_seed(repo_id, state=SkeletonState.RATIFIED))
    page.goto(f"{screen_api.base_url}/#token={quote(screen_api.token)}&repo={repo_id}")
    expect(page.get_by_test_id("block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)
    page.get_by_role("button", name="Scan…").click()
    page.get_by_label("Directory", exact=False).fill("somewhere")
    page.get_by_label("Repository id").fill(repo_id)
    expect(page.get_by_test_id("scan-replaces")).to_contain_text(
        f"“{repo_id}” already has a ratified map (v1). Scanning writes a candidate revision beside it"
    )
    expect(page.get_by_role("button", name=f"Rescan {repo_id}")).to_be_disabled()
