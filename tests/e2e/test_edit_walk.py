"""The owner's whole path on screen: review -> rename -> merge -> split -> assign residue -> resolve a seam ->
ratify, each gesture ONE candidateEdit batch, the store read back over GraphQL after every step."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, edit, import_seed
from tests.e2e.screen import (
    assert_one_batch,
    block_row,
    blocks_of,
    open_screen,
    pick,
    store_state,
    wait_for_version,
)
from tests.e2e.shots import screenshot

pytestmark = pytest.mark.integration


def edit_ok(api: ServedApi, repo_id: str, version: int, ops: list[dict]) -> bool:
    return edit(api, repo_id, version, ops)["__typename"] == "EditApplied"


def members(block: dict) -> dict[str, str]:
    return {m["path"]: m["role"] for m in block["membership"]}


def test_review_edit_and_ratify_on_screen(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    version = import_seed(screen_api, candidate_seed(repo_id))
    page.add_init_script("sessionStorage.setItem('coderooms.reviewLimit', '2')")
    open_screen(page, screen_api, repo_id)
    expect(page.get_by_test_id("zero-touch")).to_have_text("3 blocks — 3 need a name, 1 seam to resolve")

    # review: the server's queue, lowest support first, paged by the review limit with the honest total
    page.get_by_label("Candidate map").get_by_role("button", name="Review & ratify").click()
    walk = page.get_by_test_id("walk")
    expect(walk).to_contain_text("Review 1–2 of 3")
    expect(page.get_by_test_id("block")).to_have_count(2)
    walk.get_by_role("button", name="Next 2 →").click()
    expect(walk).to_contain_text("Review 3–3 of 3")
    expect(page.get_by_test_id("block")).to_have_count(1)
    walk.get_by_role("button", name="Done reviewing").click()
    expect(page.get_by_test_id("block")).to_have_count(3)

    # rename in place: one rename op, stamped by the owner
    block_row(page, "sb_api").get_by_test_id("block-name").click()
    page.get_by_label("New name for api (heuristic)").fill("Public API")
    page.keyboard.press("Enter")
    version += 1
    state = wait_for_version(page, screen_api, repo_id, version)
    assert_one_batch(state, version)
    api = blocks_of(screen_api, repo_id)["sb_api"]
    assert api["name"] == "Public API"
    assert api["candidate_meta"]["named_by"] == "owner" and not api["candidate_meta"]["needs_owner_naming"]
    expect(block_row(page, "sb_api").get_by_test_id("block-name")).to_have_text("Public API")

    # merge docs into core from core's panel: one merge op
    block_row(page, "sb_core").get_by_role("button", name="Open").click()
    panel = page.get_by_test_id("panel")
    panel.get_by_role("button", name="Merge").click()
    panel.get_by_test_id("merge-picker").get_by_label("docs (heuristic)").check()
    panel.get_by_role("button", name="Merge 1 block into core (heuristic)").click()
    version += 1
    assert_one_batch(wait_for_version(page, screen_api, repo_id, version), version)
    blocks = blocks_of(screen_api, repo_id)
    assert set(blocks) == {"sb_api", "sb_core"}
    assert set(members(blocks["sb_core"])) == {"core/**", "lib/shared.py", "docs/**"}
    expect(page.get_by_test_id("block")).to_have_count(2)

    # split core back apart by explicit path groups: one split op
    panel.get_by_role("button", name="Split").click()
    editor = panel.get_by_test_id("split-editor")
    editor.get_by_role("button", name="Add a group").click()
    editor.get_by_label("Group for docs/**").select_option(label="group 2")
    # the panel scrolls on its own: show its seams and the split editor, with the page at the top
    panel.get_by_role("heading", name="Seams").evaluate("el => el.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "edit-panel")
    editor.get_by_role("button", name="Apply split into 2 blocks").click()
    version += 1
    assert_one_batch(wait_for_version(page, screen_api, repo_id, version), version)
    blocks = blocks_of(screen_api, repo_id)
    assert "sb_core" not in blocks and len(blocks) == 3
    children = {bid: b for bid, b in blocks.items() if bid != "sb_api"}
    groups = sorted(sorted(members(b)) for b in children.values())
    assert groups == [["core/**", "lib/shared.py"], ["docs/**"]]
    expect(page.get_by_test_id("block")).to_have_count(3)

    # assign the residue from the tray: one assignUnmapped op; the true total drops to 0
    tray = page.get_by_test_id("tray")
    expect(tray.get_by_test_id("unmapped-total")).to_have_text("1")
    pick(tray.get_by_label("Assign scripts/x.sh to a block"), label="Public API")
    version += 1
    state = wait_for_version(page, screen_api, repo_id, version)
    assert_one_batch(state, version)
    assert state["unmapped"] == 0
    assert members(blocks_of(screen_api, repo_id)["sb_api"])["scripts/x.sh"] == "primary"
    expect(tray.get_by_test_id("unmapped-total")).to_have_text("0")

    # resolve the seam with the panel's radio: one resolveSeam op, rewriting both owners
    block_row(page, "sb_api").get_by_role("button", name="Open").click()
    seam = panel.get_by_test_id("seam")
    expect(seam).to_contain_text("lib/shared.py")
    seam.get_by_label("primary in Public API").check()
    version += 1
    assert_one_batch(wait_for_version(page, screen_api, repo_id, version), version)
    blocks = blocks_of(screen_api, repo_id)
    owners = {bid: members(b).get("lib/shared.py") for bid, b in blocks.items() if "lib/shared.py" in members(b)}
    assert owners == {"sb_api": "primary"}
    expect(panel.get_by_test_id("seam")).to_have_count(0)

    # accept the two split children's provisional names: one rename each
    for _ in range(2):
        page.get_by_role("button", name="Accept the name", exact=False).first.click()
        version += 1
        assert_one_batch(wait_for_version(page, screen_api, repo_id, version), version)
    expect(page.get_by_test_id("zero-touch")).to_have_text("all 3 blocks named — ready to ratify")

    # ratify all: offered now that every name is accepted and no seam is open
    page.get_by_role("button", name="Ratify 3 blocks → v1").click()
    expect(page.get_by_test_id("ratified")).to_contain_text("Ratified map v1")
    seed = blocks_of(screen_api, repo_id)
    assert all(b["state"] == "ratified" for b in seed.values())
    assert wait_for_version(page, screen_api, repo_id, version + 1)["state"] == "RATIFIED"
    assert page.locator("[data-testid=block].candidate").count() == 0


def test_moving_checked_members_is_one_atomic_batch(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    version = import_seed(screen_api, candidate_seed(repo_id))
    assert edit_ok(screen_api, repo_id, version, [{"assignUnmapped": {"path": "scripts/x.sh", "blockId": "sb_docs"}}])
    version += 1
    open_screen(page, screen_api, repo_id)
    block_row(page, "sb_docs").get_by_role("button", name="Open").click()
    panel = page.get_by_test_id("panel")
    panel.get_by_label("Check docs/**").check()
    panel.get_by_label("Check scripts/x.sh").check()
    expect(panel.get_by_text("2 checked:")).to_be_visible()
    panel.get_by_role("button", name="Reset").click()  # unapplied choices are dropped on the client only
    expect(panel.get_by_text("0 checked:")).to_be_visible()
    assert store_state(screen_api, repo_id)["version"] == version

    # both members: the block would be left empty, so the whole batch is refused and nothing is written
    panel.get_by_label("Check docs/**").check()
    panel.get_by_label("Check scripts/x.sh").check()
    panel.get_by_label("Move the checked members to another block").select_option(label="core (heuristic)")
    expect(page.get_by_test_id("notice")).to_contain_text("EMPTY_BLOCK")
    assert store_state(screen_api, repo_id)["version"] == version

    panel.get_by_label("Check docs/**").uncheck()
    panel.get_by_label("Move the checked members to another block").select_option(label="core (heuristic)")
    version += 1
    assert_one_batch(wait_for_version(page, screen_api, repo_id, version), version)
    blocks = blocks_of(screen_api, repo_id)
    assert "scripts/x.sh" in members(blocks["sb_core"]) and "scripts/x.sh" not in members(blocks["sb_docs"])
