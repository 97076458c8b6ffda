"""The command line loads only the module of the command it runs, and knows where every command lives."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from api.cli.main import COMMAND_MODULES, build_parser


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(subparsers.choices)


def test_every_command_is_mapped_to_the_module_that_registers_it() -> None:
    assert _commands(build_parser()) == set(COMMAND_MODULES)


@pytest.mark.parametrize("command", sorted(COMMAND_MODULES))
def test_a_command_alone_is_registered_by_its_module(command: str) -> None:
    assert command in _commands(build_parser(command))


def test_a_light_command_does_not_import_the_server() -> None:
    probe = (
        "import sys; from api.cli.main import build_parser; build_parser('db'); "
        "print(sorted(m for m in ('strawberry', 'api.app', 'api.hand') if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
