"""Sign-in: the owner's token from the link's fragment or typed in, kept in sessionStorage, sent as a bearer
header only (no cookies); a refused token asks again."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, Request, expect

from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, import_seed
from tests.e2e.screen import MAP_TIMEOUT_MS, open_screen

pytestmark = pytest.mark.integration


def test_the_link_signs_in_and_the_token_leaves_the_address_bar(
    page: Page, context: BrowserContext, screen_api: ServedApi, repo_id: str
) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    sent: list[Request] = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/graphql") else None)
    open_screen(page, screen_api, repo_id)

    assert "token" not in page.url
    assert page.evaluate("sessionStorage.getItem('coderooms.token')") == screen_api.token
    assert page.evaluate("document.cookie") == "" and context.cookies() == []
    assert sent and all(r.headers.get("authorization") == f"Bearer {screen_api.token}" for r in sent)
    assert all(r.method == "POST" for r in sent)

    page.reload()  # the tab keeps its session
    expect(page.get_by_test_id("block")).to_have_count(3)


def test_a_prompted_token_is_checked_and_a_bad_one_asks_again(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    page.goto(f"{screen_api.base_url}/#repo={repo_id}")
    page.get_by_label("Owner token").fill("crt_not-a-token")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("refused the token")
    assert page.evaluate("sessionStorage.getItem('coderooms.token')") is None

    page.get_by_label("Owner token").fill(screen_api.token)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("block").first).to_be_visible(timeout=MAP_TIMEOUT_MS)
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_label("Owner token")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('coderooms.token')") is None


def test_every_control_is_reachable_by_keyboard_with_a_visible_focus(
    page: Page, screen_api: ServedApi, repo_id: str
) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    open_screen(page, screen_api, repo_id)
    seen = set()
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => {
          const el = document.activeElement;
          const style = getComputedStyle(el);
          return { label: el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40), tag: el.tagName,
                   outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
        }""")
        if focused["tag"] == "BODY":  # past the last control the focus leaves the page, then wraps around
            continue
        assert focused["outline"], f"no visible focus on {focused}"
        seen.add(focused["label"])
    for control in ("Review & ratify", "Accept the name api (heuristic)", "Show members", "Split", "Merge"):
        assert any(control in label for label in seen), (control, sorted(seen))


def test_a_narrow_window_stacks_the_columns(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    page.set_viewport_size({"width": 420, "height": 800})
    open_screen(page, screen_api, repo_id)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 420, f"the page scrolls sideways ({width}px)"
    list_box = page.get_by_role("heading", name="Blocks (3)").bounding_box()
    panel_box = page.get_by_test_id("panel").bounding_box()
    assert panel_box["y"] > list_box["y"]  # stacked, not side by side
