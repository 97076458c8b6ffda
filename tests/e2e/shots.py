"""Screenshots of the screen, taken by the e2e tests.

They land in a temporary folder on every run (so the code path is always exercised and a test run leaves
the work tree clean), and into ``docs/screenshots/`` — the README's pictures — when
``CODEROOMS_UPDATE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from playwright.sync_api import Page

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def shots_dir() -> Path:
    if os.environ.get("CODEROOMS_UPDATE_SCREENSHOTS") == "1":
        return DOCS
    return Path(tempfile.gettempdir()) / "coderooms-screenshots"


def screenshot(page: Page, name: str) -> Path:
    """The viewport as the owner sees it (1280×800), as NAME.png."""
    folder = shots_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), animations="disabled", caret="hide")
    assert path.stat().st_size > 0
    return path
