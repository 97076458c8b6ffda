"""Names are data, rendered as text: a block named like markup shows the markup and runs nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, edit, import_seed
from tests.e2e.screen import block_row, blocks_of, open_screen, wait_for_version

pytestmark = pytest.mark.integration

HOSTILE = "<img src=x onerror=alert(1)>"
TYPED = "<svg onload=alert(2)>"


def test_a_block_named_like_markup_renders_as_text(page: Page, screen_api: ServedApi, agent: str, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    applied = edit(
        screen_api, repo_id, 1, [{"rename": {"blockId": "sb_api", "name": HOSTILE, "purpose": HOSTILE}}], token=agent
    )
    assert applied["__typename"] == "EditApplied"
    open_screen(page, screen_api, repo_id)

    name = block_row(page, "sb_api").get_by_test_id("block-name")
    expect(name).to_have_text(HOSTILE)
    block_row(page, "sb_api").get_by_role("button", name="Open").click()
    expect(page.get_by_test_id("panel").get_by_role("heading", level=2)).to_have_text(HOSTILE)
    expect(page.get_by_label("Purpose")).to_have_value(HOSTILE)
    # the name also fills the tray's and the panel's block pickers
    tray_select = page.get_by_test_id("tray").get_by_label("Assign scripts/x.sh to a block")
    tray_select.hover()  # the tray builds its options on approach
    expect(tray_select.locator("option", has_text=HOSTILE)).to_have_count(1)
    mover = page.get_by_label("Move the checked members to another block")
    expect(mover.locator("option", has_text=HOSTILE)).to_have_count(0)  # its own block is not a target

    # and one typed by the owner in place
    block_row(page, "sb_core").get_by_test_id("block-name").click()
    page.get_by_label("New name for core (heuristic)").fill(TYPED)
    page.keyboard.press("Enter")
    wait_for_version(page, screen_api, repo_id, 3)
    assert blocks_of(screen_api, repo_id)["sb_core"]["name"] == TYPED
    expect(block_row(page, "sb_core").get_by_test_id("block-name")).to_have_text(TYPED)

    assert page.locator("img, svg").count() == 0
    page.wait_for_timeout(300)  # an onerror/onload would have fired by now; the page fixture fails on any dialog
