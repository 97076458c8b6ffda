"""Names are data, rendered as text: a block named like markup shows the markup and runs nothing.

Every write path now refuses such a name (issue 34: `rooms.contract.text`), so the store that holds one is
written below the API, as one written before the rule held would be; escaping stays the second defence.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from graphdb.database import Database
from graphdb.history import Actor
from rooms.contract import NamedBy, Seat, SystemBlock, parse_seed
from rooms.store_rules import VersionConflict
from services import seeds
from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed
from tests.e2e.screen import block_row, blocks_of, open_screen, store_state

pytestmark = pytest.mark.integration

HOSTILE = "<img src=x onerror=alert(1)>"
TYPED = "<svg onload=alert(2)>"


def _runner_named(block: SystemBlock) -> SystemBlock:
    assert block.candidate_meta is not None
    meta = block.candidate_meta.model_copy(update={"named_by": NamedBy.RUNNER, "needs_owner_naming": False})
    return block.model_copy(update={"name": HOSTILE, "purpose": HOSTILE, "candidate_meta": meta})


def test_a_block_named_like_markup_renders_as_text(
    page: Page, screen_api: ServedApi, db: Database, repo_id: str
) -> None:
    seed = parse_seed(candidate_seed(repo_id))
    # as an agent's rename stored it before the rule held: runner-named, so it renders calm
    blocks = [b if b.block_id != "sb_api" else _runner_named(b) for b in seed.blocks]
    stored = seeds.import_seed(
        db, seed.model_copy(update={"blocks": blocks}), None, Actor(Seat.OWNER, "before-the-rule")
    )
    assert not isinstance(stored, VersionConflict), stored
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

    # one typed by the owner in place is refused by the server, the screen says why, and nothing is written
    block_row(page, "sb_core").get_by_test_id("block-name").click()
    page.get_by_label("New name for core (heuristic)").fill(TYPED)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("notice")).to_contain_text("the name is refused (markup) (NAME_INVALID")
    assert store_state(screen_api, repo_id)["version"] == 1
    assert blocks_of(screen_api, repo_id)["sb_core"]["name"] == "core (heuristic)"

    # the picture draws the name as SVG text too: the only svg is the picture's, and no img at all
    box = page.locator('[data-testid="picture-block"][data-block-id="sb_api"]')
    expect(box.locator("title")).to_have_text(f"{HOSTILE} (sb_api)")
    expect(box).to_contain_text(HOSTILE[:21])
    assert page.locator("img").count() == 0
    assert page.locator("svg").count() == 1 == page.get_by_test_id("picture").locator("svg").count()
    page.wait_for_timeout(300)  # an onerror/onload would have fired by now; the page fixture fails on any dialog
