"""Empty state -> "Scan this repo" -> the candidate map in candidate dress (F0c §5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.api.conftest import ServedApi
from tests.e2e.screen import MAP_TIMEOUT_MS, seed_of
from tests.e2e.shots import screenshot
from tests.support import write_python_repo

pytestmark = pytest.mark.integration

ZERO = "query($r: ID!) { zeroTouchStatus(repoId: $r) { line readyToRatify blockCount } }"


def test_scan_this_repo_renders_the_candidate_in_candidate_dress(
    page: Page, screen_api: ServedApi, screen_root: Path, repo_id: str
) -> None:
    write_python_repo(screen_root / repo_id)
    page.goto(f"{screen_api.base_url}/#token={screen_api.token}&repo={repo_id}")

    expect(page.get_by_role("heading", name=f"No map yet for {repo_id}")).to_be_visible()
    expect(page.get_by_label("Repository id")).to_have_value(repo_id)
    screenshot(page, "empty-state")
    page.get_by_label("Directory").fill(repo_id)
    page.get_by_role("button", name="Scan this repo").click()
    expect(page.get_by_test_id("block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)

    seed = seed_of(screen_api, repo_id)
    assert seed["skeleton"]["state"] == "candidate"
    blocks = seed["blocks"]
    assert blocks and all(b["state"] == "candidate" and b["candidate_meta"]["needs_owner_naming"] for b in blocks)
    rows = page.get_by_test_id("block")
    expect(rows).to_have_count(len(blocks))
    expect(page.get_by_role("heading", name=f"Blocks ({len(blocks)})")).to_be_visible()

    # candidate dress: dashed blocks and a banner, provisional names muted with "— needs you"
    assert rows.first.evaluate("el => getComputedStyle(el).borderTopStyle") == "dashed"
    expect(page.get_by_label("Candidate map")).to_contain_text("not ratified")
    expect(rows.get_by_text("— needs you")).to_have_count(len(blocks))
    names = sorted(page.locator("[data-testid=block] .name-text").all_inner_texts())
    assert names == sorted(b["name"] for b in blocks)
    muted = page.locator(".name.provisional .name-text").first.evaluate("el => getComputedStyle(el).fontStyle")
    assert muted == "italic"

    # the header's zero-touch line is the server's, and "Ratify all" is not offered over provisional names
    zero = screen_api.graphql(ZERO, {"r": repo_id})["data"]["zeroTouchStatus"]
    expect(page.get_by_test_id("zero-touch")).to_have_text(zero["line"])
    assert not zero["readyToRatify"]
    expect(page.get_by_role("button", name="Ratify", exact=False).filter(has_text="→")).to_have_count(0)

    # the component scores are in the block's tooltip, shown on keyboard focus too
    chip = rows.first.get_by_test_id("confidence")
    chip.focus()
    tooltip = rows.first.get_by_role("tooltip")
    expect(tooltip).to_be_visible()
    expect(tooltip).to_contain_text("directory support")
    expect(tooltip).to_contain_text("coverage")
    page.mouse.move(0, 0)
    page.get_by_role("heading", name=f"Blocks ({len(blocks)})").click()
    screenshot(page, "candidate-map")


def test_a_path_outside_the_scan_roots_is_refused_on_screen(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    page.goto(f"{screen_api.base_url}/#token={screen_api.token}&repo={repo_id}")
    page.get_by_label("Directory").fill("/etc")
    page.get_by_role("button", name="Scan this repo").click()
    expect(page.get_by_role("alert")).to_contain_text("outside the directories this server may scan")
    assert seed_of_or_none(screen_api, repo_id) is None


def seed_of_or_none(api: ServedApi, repo_id: str) -> str | None:
    return api.graphql("query($r: ID!) { exportSeed(repoId: $r) }", {"r": repo_id})["data"]["exportSeed"]
