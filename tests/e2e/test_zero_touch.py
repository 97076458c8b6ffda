"""The friction law (F11 §0): a runner-named map is ratified in at most three clicks."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, edit, import_seed
from tests.e2e.screen import block_row, blocks_of, open_screen, store_state, wait_for_version

pytestmark = pytest.mark.integration

NAMER = Path(__file__).resolve().parents[1] / "runners" / "namer.py"
ADD_RUNNER = """mutation($id: ID!, $cmd: [String!], $r: ID) {
  addRunner(input: {runnerId: $id, transport: COMMAND, command: $cmd, repoId: $r, pin: true}) {
    __typename ... on Refused { code message } } }"""
REMOVE_RUNNER = "mutation($id: ID!) { removeRunner(input: {runnerId: $id}) { __typename } }"


class Clicks:
    """Counts the owner's clicks on the page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def click(self, name: str) -> None:
        self.page.get_by_role("button", name=name).click()
        self.count += 1


def test_ratify_all_over_runner_names_takes_at_most_three_clicks(
    page: Page, screen_api: ServedApi, agent: str, repo_id: str
) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    ops: list[dict] = [
        {"rename": {"blockId": b, "name": f"{b.removeprefix('sb_').title()} service"}}
        for b in ("sb_api", "sb_core", "sb_docs")
    ]
    ops.append({"resolveSeam": {"path": "lib/shared.py", "resolution": "primary:sb_core"}})
    assert edit(screen_api, repo_id, 1, ops, token=agent)["__typename"] == "EditApplied"  # an AGENT seat: runner-named

    clicks = Clicks(page)
    open_screen(page, screen_api, repo_id)  # the owner's link: no click
    expect(page.get_by_test_id("zero-touch")).to_have_text("all 3 blocks runner-named — ready to ratify")
    clicks.click("Ratify 3 blocks → v1")
    expect(page.get_by_test_id("ratified")).to_contain_text("Ratified map v1")

    assert clicks.count <= 3
    assert store_state(screen_api, repo_id)["state"] == "RATIFIED"
    assert all(b["state"] == "ratified" for b in blocks_of(screen_api, repo_id).values())


def test_name_with_runner_appears_with_a_pinned_runner(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    edit(screen_api, repo_id, 1, [{"resolveSeam": {"path": "lib/shared.py", "resolution": "both"}}])
    open_screen(page, screen_api, repo_id)
    banner = page.get_by_label("Candidate map")
    expect(banner.get_by_role("button", name="Send to an agent for curation")).to_be_visible()
    expect(banner.get_by_role("button", name="Name with runner")).to_have_count(0)  # no runner yet

    runner_id = f"namer-{repo_id}".lower()
    added = screen_api.graphql(ADD_RUNNER, {"id": runner_id, "cmd": [sys.executable, str(NAMER)], "r": repo_id})
    assert added["data"]["addRunner"]["__typename"] == "RunnerAdded", added
    try:
        page.reload()
        clicks = Clicks(page)
        expect(banner.get_by_role("button", name="Name with runner")).to_be_visible()
        clicks.click("Name with runner")
        wait_for_version(page, screen_api, repo_id, 3)
        named = blocks_of(screen_api, repo_id)
        assert all(b["candidate_meta"]["named_by"] == "runner" for b in named.values())
        expect(page.get_by_test_id("zero-touch")).to_have_text("all 3 blocks runner-named — ready to ratify")
        clicks.click("Ratify 3 blocks → v1")
        expect(page.get_by_test_id("ratified")).to_be_visible()
        assert clicks.count <= 3
    finally:
        screen_api.graphql(REMOVE_RUNNER, {"id": runner_id})


def test_ratify_selected_only_signs_the_checked_blocks_and_leaves_the_rest_editable_and_ratifiable(
    page: Page, screen_api: ServedApi, agent: str, repo_id: str
) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    renamed = edit(screen_api, repo_id, 1, [{"rename": {"blockId": "sb_docs", "name": "Docs"}}], token=agent)
    assert renamed["__typename"] == "EditApplied"
    open_screen(page, screen_api, repo_id)
    footer = page.get_by_role("contentinfo", name="Ratify")
    expect(footer.get_by_role("button", name="Ratify selected only")).to_be_disabled()
    expect(footer).to_contain_text("2 need a name, 1 seam to resolve")

    # a provisional name is refused by the server, and the screen says why; nothing is written
    block_row(page, "sb_api").get_by_label("Select api (heuristic)").check()
    footer.get_by_role("button", name="Ratify selected only (1)").click()
    expect(page.get_by_test_id("notice")).to_contain_text("untouched heuristic name")
    assert store_state(screen_api, repo_id)["version"] == 2

    block_row(page, "sb_api").get_by_label("Select api (heuristic)").uncheck()
    block_row(page, "sb_docs").get_by_label("Select Docs").check()
    footer.get_by_role("button", name="Ratify selected only (1)").click()
    # both states on screen: Docs is signed, the map is still a candidate and the rest stays editable
    expect(block_row(page, "sb_docs").get_by_test_id("block-ratified")).to_be_visible()
    expect(footer.get_by_test_id("signed-count")).to_have_text("1 ratified · 2 still candidate")
    expect(page.get_by_test_id("ratified")).to_have_count(0)
    state = wait_for_version(page, screen_api, repo_id, 3)
    assert state["state"] == "CANDIDATE"
    blocks = blocks_of(screen_api, repo_id)
    assert blocks["sb_docs"]["state"] == "ratified"
    assert blocks["sb_api"]["state"] == "candidate" and blocks["sb_core"]["state"] == "candidate"
    expect(block_row(page, "sb_docs").get_by_label("Select Docs")).to_be_disabled()

    # the rest is edited on screen: accept both names, resolve the seam
    for block_id, name in (("sb_api", "api (heuristic)"), ("sb_core", "core (heuristic)")):
        block_row(page, block_id).get_by_role("button", name=f"Accept the name {name}").click()
        expect(block_row(page, block_id).get_by_role("button", name="Accept the name", exact=False)).to_have_count(0)
    block_row(page, "sb_core").get_by_role("button", name="Open").click()
    page.get_by_test_id("seam").get_by_label("primary in core (heuristic)").check()
    expect(page.get_by_test_id("seam")).to_have_count(0)

    # ... and ratified later: the last ratification signs the map
    footer.get_by_role("button", name="Ratify 2 blocks → v1").click()
    expect(page.get_by_test_id("ratified")).to_contain_text("Ratified map v1")
    assert wait_for_version(page, screen_api, repo_id, 7)["state"] == "RATIFIED"
    assert {b["state"] for b in blocks_of(screen_api, repo_id).values()} == {"ratified"}


def test_later_folds_the_ratify_bar(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    open_screen(page, screen_api, repo_id)
    footer = page.get_by_role("contentinfo")
    footer.get_by_role("button", name="Later").click()
    expect(footer.get_by_role("button", name="Ratify selected only")).to_have_count(0)
    footer.get_by_role("button", name="Ratify…").click()
    expect(footer.get_by_role("button", name="Ratify selected only")).to_be_visible()
    assert store_state(screen_api, repo_id)["version"] == 1
