"""Two hands on one candidate: a conflict shows a reload banner and keeps the owner's edit; a live lease is
shown and never blocks (F11 o4)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, edit, import_seed
from tests.e2e.screen import block_row, blocks_of, open_screen, pick, store_state, wait_for_version

pytestmark = pytest.mark.integration

LEASE = """mutation($r: ID!) { candidateLease(input: {repoId: $r, action: ACQUIRE, ttlSecs: 600}) {
  __typename ... on LeaseGranted { lease { curatingBy live } } } }"""


def test_a_conflict_shows_the_reload_banner_and_keeps_the_edit(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    open_screen(page, screen_api, repo_id)

    # a second client writes first
    renamed = edit(screen_api, repo_id, 1, [{"rename": {"blockId": "sb_api", "name": "Gateway"}}])
    assert renamed["__typename"] == "EditApplied"

    block_row(page, "sb_core").get_by_test_id("block-name").click()
    page.get_by_label("New name for core (heuristic)").fill("Domain core")
    page.keyboard.press("Enter")
    banner = page.get_by_test_id("conflict")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("you edited v1; it is now v2")
    expect(banner).to_contain_text('Name "Domain core" for sb_core')
    state = store_state(screen_api, repo_id)
    assert state["version"] == 2
    assert blocks_of(screen_api, repo_id)["sb_core"]["name"] == "core (heuristic)"  # nothing written

    banner.get_by_role("button", name="Reload the map").click()
    expect(block_row(page, "sb_api").get_by_test_id("block-name")).to_have_text("Gateway")
    expect(banner).to_contain_text('Name "Domain core" for sb_core')  # still kept after the reload
    banner.get_by_role("button", name="Apply it to the new map").click()
    wait_for_version(page, screen_api, repo_id, 3)
    assert blocks_of(screen_api, repo_id)["sb_core"]["name"] == "Domain core"
    expect(page.get_by_test_id("conflict")).to_have_count(0)
    expect(block_row(page, "sb_core").get_by_test_id("block-name")).to_have_text("Domain core")


def test_a_discarded_conflict_writes_nothing(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    open_screen(page, screen_api, repo_id)
    edit(screen_api, repo_id, 1, [{"rename": {"blockId": "sb_api", "name": "Gateway"}}])
    pick(page.get_by_test_id("tray").get_by_label("Assign scripts/x.sh to a block"), label="core (heuristic)")
    banner = page.get_by_test_id("conflict")
    expect(banner).to_contain_text('Assign scripts/x.sh to "core (heuristic)"')
    banner.get_by_role("button", name="Discard my edit").click()
    expect(banner).to_have_count(0)
    assert store_state(screen_api, repo_id)["version"] == 2
    assert store_state(screen_api, repo_id)["unmapped"] == 1


def test_a_live_lease_is_shown_and_never_blocks(page: Page, screen_api: ServedApi, agent: str, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    granted = screen_api.graphql(LEASE, {"r": repo_id}, token=agent)["data"]["candidateLease"]
    assert granted["__typename"] == "LeaseGranted" and granted["lease"]["live"]
    open_screen(page, screen_api, repo_id)
    expect(page.get_by_test_id("lease")).to_contain_text("An agent is curating candidate v1 (e2e-agent")

    page.get_by_role("button", name="Accept the name api (heuristic)").click()
    wait_for_version(page, screen_api, repo_id, 2)
    assert blocks_of(screen_api, repo_id)["sb_api"]["candidate_meta"]["named_by"] == "owner"
    expect(page.get_by_test_id("lease")).to_contain_text("candidate v2")
