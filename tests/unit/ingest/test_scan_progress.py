"""What ``scan_tree`` tells its ``progress`` callback: discovering, then parsing counted up to every file
(reused files counted at once), then resolving; and a callback that raises stops the scan there."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ingest import scan_tree
from tests.unit.ingest.views import FIXTURES


def _steps(root: Path, previous=None) -> list[tuple[str, int, int]]:
    steps: list[tuple[str, int, int]] = []
    scan_tree(root, previous=previous, progress=lambda *step: steps.append(step))
    return steps


def test_the_phases_come_in_order_and_the_parse_counts_every_file() -> None:
    root = FIXTURES / "python"
    steps = _steps(root)
    phases = [phase for i, (phase, _, _) in enumerate(steps) if i == 0 or steps[i - 1][0] != phase]
    assert phases == ["discovering", "parsing", "resolving"]
    parsing = [(done, total) for phase, done, total in steps if phase == "parsing"]
    total = parsing[0][1]
    assert total > 0 and parsing[0] == (0, total) and parsing[-1] == (total, total)
    assert [done for done, _ in parsing] == sorted(done for done, _ in parsing)


def test_reused_files_are_counted_at_once(tmp_path: Path) -> None:
    root = shutil.copytree(FIXTURES / "python", tmp_path / "tree")
    first = scan_tree(root)
    parsing = [(done, total) for phase, done, total in _steps(root, first) if phase == "parsing"]
    assert parsing[1] == (parsing[0][1], parsing[0][1]), "nothing changed: every file is reused"


def test_a_raising_callback_stops_the_scan() -> None:
    class Stop(Exception):
        pass

    def stop(phase: str, _done: int, _total: int) -> None:
        if phase == "resolving":
            raise Stop

    with pytest.raises(Stop):
        scan_tree(FIXTURES / "python", progress=stop)
