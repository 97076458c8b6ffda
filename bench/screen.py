"""bench/screen: the screen on a large candidate, measured in the browser (performance.now around each fetch).

    .venv/bin/python -m bench.screen [--loads 5] [--renames 10]

Needs a database (`coderooms db start`, or NEO4J_URI), the built screen (`npm --prefix ui run build`) and
Debian's chromium (or CODEROOMS_CHROMIUM). Imports a generated 43-block / 5,000-file candidate (with seams
and residue) through importSeed on a real `coderooms serve`, then prints the time to first render of the map
(navigation start -> the first frame with the map, and the map query's own round trip) over `--loads` cold
page loads, and each gesture's round trip: the candidateEdit request, and the request plus the map's reload.
"""

from __future__ import annotations

import argparse
import os
import statistics
from typing import Any

from playwright.sync_api import Page, sync_playwright

from bench.common import bench_repo, synthetic_candidate
from graphdb.database import Database
from graphdb.tokens import create_token, revoke_label
from rooms.contract import Member, MemberRole, Seat, SeedFile, serialize_seed
from tests.api.conftest import ServedApi, serve, stop
from tests.api.edit_support import import_seed
from tests.e2e.screen import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, block_row, open_screen, pick

BLOCKS, FILES, SEAMS, RESIDUE = 43, 5000, 3, 40
LABEL = "bench-screen"


def candidate(repo_id: str) -> SeedFile:
    """The synthetic candidate, plus SEAMS shared paths between neighbours and RESIDUE unmapped files."""
    seed = synthetic_candidate(repo_id, BLOCKS, FILES)
    blocks = list(seed.blocks)
    for s in range(SEAMS):
        path = f"src/shared/seam{s}.py"
        for b in (2 * s, 2 * s + 1):
            blocks[b] = blocks[b].model_copy(
                update={"membership": [*blocks[b].membership, Member(path=path, role=MemberRole.SHARED)]}
            )
    blocks[-1] = blocks[-1].model_copy(update={"unmapped_residue": [f"scripts/tool{r:03d}.sh" for r in range(RESIDUE)]})
    return seed.model_copy(update={"blocks": blocks})


def _metrics(page: Page) -> dict[str, Any]:
    return page.evaluate("window.__coderooms")


def _until(page: Page, ready: str) -> dict[str, Any]:
    """Poll the page's metrics until ``ready`` (a JS expression over ``m``) holds (the CSP forbids in-page eval)."""
    for _ in range(1200):
        if page.evaluate(f"(m => {ready})(window.__coderooms)"):
            return _metrics(page)
        page.wait_for_timeout(50)
    raise TimeoutError(f"the screen never reached {ready!r}")


def _wait_gesture(page: Page, before: int) -> dict[str, Any]:
    return _until(page, f"m.gestures.length > {before}")["gestures"][-1]


def first_renders(browser, api: ServedApi, repo_id: str, loads: int) -> list[tuple[float, float]]:
    figures = []
    for _ in range(loads):
        context = browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        open_screen(page, api, repo_id)
        m = _until(page, "m.firstMapRender !== null")
        figures.append((m["firstMapRender"], next(r["ms"] for r in m["requests"] if r["label"] == "map")))
        context.close()
    return figures


def gestures(browser, api: ServedApi, repo_id: str, renames: int) -> dict[str, list[dict[str, Any]]]:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    open_screen(page, api, repo_id)
    done: dict[str, list[dict[str, Any]]] = {}

    def gesture(kind: str, act) -> None:
        before = len(_metrics(page)["gestures"])
        act()
        result = _wait_gesture(page, before)
        done.setdefault(kind, []).append(result)

    for i in range(renames):

        def rename(i: int = i) -> None:
            row = block_row(page, f"sb_{i:03d}")
            row.get_by_test_id("block-name").click()
            row.get_by_role("textbox").fill(f"Module {i} renamed")
            page.keyboard.press("Enter")

        gesture("rename (inline)", rename)
    tray = page.get_by_test_id("tray")
    for r in range(5):
        gesture(
            "assign unmapped",
            lambda r=r: pick(tray.get_by_label(f"Assign scripts/tool{r:03d}.sh to a block"), value="sb_010"),
        )
    for s in range(SEAMS):

        def seam(s: int = s) -> None:
            block_row(page, f"sb_{2 * s:03d}").get_by_role("button", name="Open").click()
            page.get_by_test_id("seam").first.get_by_role("radio").first.check()

        gesture("resolve seam", seam)
    panel = page.get_by_test_id("panel")
    for m in range(5):

        def move(m: int = m) -> None:
            block_row(page, "sb_020").get_by_role("button", name="Open").click()
            panel.get_by_label(f"Check src/mod020/file{m:04d}.py").check()
            panel.get_by_label("Move the checked members to another block").select_option(value="sb_021")

        gesture("move member", move)

    def merge() -> None:
        block_row(page, "sb_030").get_by_role("button", name="Open").click()
        panel.get_by_role("button", name="Merge").click()
        panel.get_by_test_id("merge-picker").get_by_label("module 31", exact=True).check()
        panel.get_by_role("button", name="Merge 1 block into module 30").click()

    gesture("merge", merge)

    def split() -> None:
        block_row(page, "sb_040").get_by_role("button", name="Open").click()
        panel.get_by_role("button", name="Split").click()
        editor = panel.get_by_test_id("split-editor")
        for f in range(0, 40):
            editor.get_by_label(f"Group for src/mod040/file{f:04d}.py").select_option(value="1")
        editor.get_by_role("button", name="Apply split into 2 blocks").click()

    gesture("split", split)
    context.close()
    return done


def _ms(values: list[float]) -> str:
    return f"median {statistics.median(values):7.1f} ms  max {max(values):7.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--renames", type=int, default=10)
    args = parser.parse_args()
    db = Database.connect()
    try:
        db.apply_schema()
        token = create_token(db, Seat.OWNER, "bench", LABEL)[1]
        api = serve(dict(os.environ), token)
        try:
            with bench_repo(db, LABEL) as repo_id, sync_playwright() as driver:
                import_seed(api, serialize_seed(candidate(repo_id)))
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                renders = first_renders(browser, api, repo_id, args.loads)
                done = gestures(browser, api, repo_id, args.renames)
                browser.close()
        finally:
            stop(api)
            revoke_label(db, LABEL)
    finally:
        db.close()
    print(
        f"bench/screen on a {BLOCKS}-block / {FILES}-file candidate ({SEAMS} seams, {RESIDUE} unmapped), "
        f"headless Chromium {VIEWPORT['width']}×{VIEWPORT['height']}"
    )
    print(
        f"  first render of the map ({args.loads} cold loads): {_ms([r[0] for r in renders])}"
        f"  (navigation start -> first frame with the map)"
    )
    print(f"  the map query's round trip:            {_ms([r[1] for r in renders])}")
    print("  per gesture — the candidateEdit request / the request + the map's reload:")
    for kind, results in done.items():
        print(
            f"    {kind:<16} ×{len(results):<3} write {_ms([g['writeMs'] for g in results])}   "
            f"with reload {_ms([g['totalMs'] for g in results])}"
        )


if __name__ == "__main__":
    main()
