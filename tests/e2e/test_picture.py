"""The architecture picture (issue 35, item 1) on a scanned real repository: every block and non-test
socket drawn, a box opens its panel, an arrow lists its edges, a dragged box keeps its place after a
reload, and the exports are a valid SVG (every block name in it) and a PNG drawn in the browser."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.api.conftest import ServedApi
from tests.api.test_skeleton_candidate import scan
from tests.e2e.screen import MAP_TIMEOUT_MS

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
PICTURE = """query($r: ID!) { store(repoId: $r) { blocks { blockId name
  layout { x y locked } sockets { inputs { to testOnly edgeCount } } } } }"""


def scan_real_repository(api: ServedApi, screen_root: Path, repo_id: str) -> list[dict[str, Any]]:
    """This project's own domain package and a few of its tests, scanned: a real code base of ~100 files."""
    tree = screen_root / repo_id
    shutil.copytree(ROOT / "rooms", tree / "rooms", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("picture", "edit"):
        shutil.copytree(
            ROOT / "tests" / "unit" / name, tree / "tests" / name, ignore=shutil.ignore_patterns("__pycache__")
        )
    result = scan(api, repo_id, str(tree), None)
    assert result["__typename"] == "CandidateWritten", result
    return api.graphql(PICTURE, {"r": repo_id})["data"]["store"]["blocks"]


def open_picture(page: Page, api: ServedApi, repo_id: str, block: str | None = None) -> Locator:
    page.goto(f"{api.base_url}/#token={quote(api.token)}&repo={quote(repo_id)}" + (f"&block={block}" if block else ""))
    picture = page.get_by_test_id("picture")
    expect(picture.get_by_test_id("picture-block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)
    return picture


def box(page: Page, block_id: str) -> Locator:
    return page.locator(f'[data-testid="picture-block"][data-block-id="{block_id}"]')


def clickable_arrow(page: Page) -> Locator:
    """An arrow whose middle no box covers (arrows run under the boxes)."""
    index = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid="arrow"] line.hit')].findIndex((line) => {
             line.scrollIntoView({block: 'center', inline: 'center'});
             const s = line.getBoundingClientRect();
             return document.elementFromPoint(s.x + s.width / 2, s.y + s.height / 2) === line;
           })"""
    )
    assert index >= 0, "every arrow's middle is under a box"
    return page.get_by_test_id("arrow").nth(index)


@pytest.fixture
def real(screen_api: ServedApi, screen_root: Path, repo_id: str) -> list[dict[str, Any]]:
    return scan_real_repository(screen_api, screen_root, repo_id)


def test_the_picture_draws_every_block_and_socket_and_opens_panels_and_edges(
    page: Page, screen_api: ServedApi, repo_id: str, real: list[dict[str, Any]]
) -> None:
    picture = open_picture(page, screen_api, repo_id)
    expect(picture.get_by_test_id("picture-block")).to_have_count(len(real))
    for block in real:
        expect(box(page, block["blockId"])).to_contain_text(block["name"][:20])
    sockets = {(b["blockId"], s["to"]) for b in real for s in b["sockets"]["inputs"] if s["to"] and not s["testOnly"]}
    tests_only = {(b["blockId"], s["to"]) for b in real for s in b["sockets"]["inputs"] if s["to"] and s["testOnly"]}
    assert sockets, "the scanned package has dependencies between its blocks"
    arrows = picture.get_by_test_id("arrow")
    expect(arrows).to_have_count(len(sockets))
    drawn = {(a.get_attribute("data-from"), a.get_attribute("data-to")) for a in arrows.all()}
    assert drawn == sockets
    expect(picture.get_by_test_id("picture-residue")).to_contain_text("Unmapped residue")
    if tests_only:  # hidden by default, drawn on request
        picture.get_by_label("Show test-only sockets", exact=False).check()
        expect(arrows).to_have_count(len(sockets) + len(tests_only))
        picture.get_by_label("Show test-only sockets", exact=False).uncheck()

    # a click on a box opens its panel (and names the block in the address)
    target = real[-1]
    box(page, target["blockId"]).click()
    expect(page.get_by_test_id("panel").locator("#panel-title")).to_have_text(target["name"])
    assert f"block={target['blockId']}" in page.url

    # a click on an arrow lists the edges behind it, file -> file with symbols
    arrow = clickable_arrow(page)
    source, used = arrow.get_attribute("data-from"), arrow.get_attribute("data-to")
    count = next(
        s["edgeCount"] for b in real if b["blockId"] == source for s in b["sockets"]["inputs"] if s["to"] == used
    )
    arrow.locator("line.hit").click()
    edges = page.get_by_test_id("socket-edges")
    expect(edges).to_contain_text(f"{count} edge")
    expect(edges.get_by_test_id("socket-edge")).to_have_count(min(count, 50))
    first_row = edges.get_by_test_id("socket-edge").first
    expect(first_row.locator("code").first).to_contain_text(".py")


def test_a_dragged_box_keeps_its_place_after_a_reload_and_the_exports_are_valid(
    page: Page, screen_api: ServedApi, repo_id: str, real: list[dict[str, Any]], tmp_path: Path
) -> None:
    open_picture(page, screen_api, repo_id)
    block_id = real[0]["blockId"]
    before = real[0]["layout"]
    moving = box(page, block_id)
    moving.scroll_into_view_if_needed()
    bounds = moving.bounding_box()
    assert bounds is not None
    x, y = bounds["x"] + 12, bounds["y"] + 8
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 30, steps=5)
    page.mouse.move(x + 130, y + 90, steps=5)
    page.mouse.up()
    expected = {"x": before["x"] + 130, "y": before["y"] + 90, "locked": True}
    for _ in range(100):
        stored = next(
            b
            for b in screen_api.graphql(PICTURE, {"r": repo_id})["data"]["store"]["blocks"]
            if b["blockId"] == block_id
        )
        if stored["layout"]["locked"]:
            break
        page.wait_for_timeout(50)
    assert stored["layout"] == expected
    page.reload()
    expect(box(page, block_id)).to_have_attribute(
        "transform", f"translate({expected['x']:g},{expected['y']:g})", timeout=MAP_TIMEOUT_MS
    )

    with page.expect_download() as svg_download:
        page.get_by_role("button", name="Export SVG").click()
    svg_path = tmp_path / "picture.svg"
    svg_download.value.save_as(svg_path)
    tree = ET.parse(svg_path)  # well-formed XML
    root = tree.getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text or "" for t in root.iter() if t.tag.endswith("}text") or t.tag.endswith("}title")]
    for block in real:
        assert any(block["name"] in t for t in texts), block["name"]
    assert not list(root.iter("{http://www.w3.org/2000/svg}script"))

    with page.expect_download() as png_download:
        page.get_by_role("button", name="Export PNG").click()
    png_path = tmp_path / "picture.png"
    png_download.value.save_as(png_path)
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png_path.stat().st_size > 2000
