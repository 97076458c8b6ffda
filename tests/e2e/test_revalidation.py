"""The screen revalidates what it read: a read it sends again names the ETag of its last answer, an unchanged
store answers 304 with no body, and the screen goes on from the answer it kept."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Response, expect

from tests.api.conftest import ServedApi
from tests.api.edit_support import candidate_seed, import_seed
from tests.e2e.screen import open_screen

pytestmark = pytest.mark.integration
PULSES_MS = 25_000  # the screen checks the version every 10 s: two pulses fit


def test_a_repeated_read_of_an_unchanged_store_is_answered_304(page: Page, screen_api: ServedApi, repo_id: str) -> None:
    import_seed(screen_api, candidate_seed(repo_id))
    answers: list[Response] = []
    page.on("response", lambda r: answers.append(r) if r.url.endswith("/graphql") else None)
    open_screen(page, screen_api, repo_id)

    page.wait_for_timeout(PULSES_MS)
    pulses = [r for r in answers if '"query Pulse' in (r.request.post_data or "")]
    assert len(pulses) >= 2, [r.status for r in answers]
    first, *later = pulses
    assert first.status == 200 and "if-none-match" not in first.request.headers
    assert later[-1].request.headers["if-none-match"] == first.headers["etag"]
    assert later[-1].status == 304
    expect(page.get_by_test_id("block")).to_have_count(3)
    expect(page.get_by_role("alert")).to_have_count(0)
