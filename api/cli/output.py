"""How CLI commands talk: progress on stderr when it is a terminal, JSON on stdout for agents."""

from __future__ import annotations

import json
import sys
from typing import Any

EXIT_OK, EXIT_FAILURE, EXIT_BAD_INPUT, EXIT_CONFLICT = 0, 1, 2, 3


def progress(quiet: bool):  # noqa: ANN201 - returns a logger callable
    def log(message: str) -> None:
        if not quiet:
            print(message, file=sys.stderr, flush=True)

    return log


def emit_json(document: Any) -> None:
    print(json.dumps(document, indent=2, sort_keys=False))


def fail(message: str, code: int = EXIT_FAILURE) -> int:
    print(f"coderooms: {message}", file=sys.stderr)
    return code
