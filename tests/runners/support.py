"""Helpers for tests that run the live test runners."""

from __future__ import annotations

import sys
from pathlib import Path

from rooms.contract import SystemBlock
from tests.unit.edit.builders import block

NAMER = Path(__file__).parent / "namer.py"


def namer_command(*extra: str) -> list[str]:
    """argv of the command runner: this interpreter in isolated mode without site packages (the runner
    needs only the standard library, and starts in a third of the time)."""
    return [sys.executable, "-I", "-S", str(NAMER), *extra]


def named_block(block_id: str, name: str, *members: str) -> SystemBlock:
    """A provisional block with a chosen current name (the runner answers '<name> service')."""
    return block(block_id, *members).model_copy(update={"name": name})
