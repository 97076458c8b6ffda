"""Every file reachable on screen (issue 35 item 2): the files behind a ``dir/**`` glob are listed in the panel,
one is moved to another block (one moveMember batch; the glob is narrowed around it), and the rest are split
by the "by subdirectory" preset, previewed, and sent as explicit path groups (one split batch)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from graphdb.database import Database
from tests.api.conftest import ServedApi
from tests.api.edit_support import glob_candidate
from tests.e2e.screen import assert_one_batch, block_row, blocks_of, open_screen, wait_for_version

pytestmark = pytest.mark.integration


def members(block: dict) -> set[str]:
    return {m["path"] for m in block["membership"]}


def test_glob_members_are_listed_moved_and_split_off(
    page: Page, screen_api: ServedApi, db: Database, repo_id: str
) -> None:
    version = glob_candidate(screen_api, db, repo_id, extra_files=[["src/web/e.py", "python", 20]])
    open_screen(page, screen_api, repo_id)
    expect(block_row(page, "sb_src")).to_contain_text("5 files in 1 directory")  # not "0 files + 1 directory"
    block_row(page, "sb_src").get_by_role("button", name="Open").click()
    panel = page.get_by_test_id("panel")

    # the five files behind src/** are listed, with their facts
    files = panel.get_by_test_id("file")
    expect(files).to_have_count(5)
    expect(panel.get_by_role("heading", name="Files (5)")).to_be_visible()
    expect(panel.locator('[data-path="src/deep/c.py"]')).to_contain_text("in src/**")
    expect(panel.locator('[data-path="src/deep/c.py"]')).to_contain_text("1 in · 0 out")

    # move one file out of the glob: one moveMember op
    panel.get_by_label("Check src/deep/c.py").check()
    panel.get_by_label("Move the checked members to another block").select_option(label="lib (heuristic)")
    version += 1
    assert_one_batch(wait_for_version(page, screen_api, repo_id, version), version)
    blocks = blocks_of(screen_api, repo_id)
    assert members(blocks["sb_lib"]) == {"lib/**", "src/deep/c.py"}
    assert "src/deep/c.py" not in members(blocks["sb_src"]) and "src/**" not in members(blocks["sb_src"])
    expect(panel.get_by_test_id("file")).to_have_count(4)

    # split the rest by subdirectory, previewed, then hand-pick one file into another group: one split op
    panel.get_by_role("button", name="Split").click()
    editor = panel.get_by_test_id("split-editor")
    editor.get_by_role("button", name="Preset: by subdirectory").click()
    expect(editor.get_by_test_id("split-group")).to_have_count(3)  # (files), deep, web
    editor.get_by_label("Pick src/web/e.py").check()
    editor.get_by_label("Put the picked items in a group").select_option(label="group 2")
    expect(editor.get_by_test_id("split-group")).to_have_count(2)
    editor.get_by_role("button", name="Apply split into 2 blocks").click()
    version += 1
    assert_one_batch(wait_for_version(page, screen_api, repo_id, version), version)
    blocks = blocks_of(screen_api, repo_id)
    assert "sb_src" not in blocks
    groups = sorted(sorted(members(b)) for bid, b in blocks.items() if bid != "sb_lib")
    # the move left src/web/** as a narrower glob; all its files went to one group, so it is sent whole
    assert groups == [["src/a.py", "src/b.py"], ["src/deep/d.py", "src/web/**"]]
