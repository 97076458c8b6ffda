"""A live naming runner for the tests and the bench, usable as a `command` runner:

    python tests/runners/namer.py [--delay-ms N] [--log FILE]

It reads a naming packet on stdin and prints ``{"name": "<current name> service", "purpose": "<member
count> files; top symbols: <up to 3>"}`` after ``N`` milliseconds. A marker word in the block id or in a
member path makes it misbehave, so one run can mix good and bad answers:

- ``timeout``: sleeps a minute (the transport kills it at the per-block timeout);
- ``crash``: writes to stderr and exits with status 3, nothing on stdout;
- ``garbage``: prints text that is not JSON;
- ``hostile``: prints a well-formed answer whose name is an XSS payload;
- ``huge``: prints 100 000 bytes.

With ``--log FILE`` every call appends ``<block id> <pid>`` to FILE first (so tests can see who was asked,
and check that a runner killed at its timeout is gone).

`answer(packet)` is the same behaviour as data, for the HTTP test server (`tests.runners.http_namer`).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

MARKERS = ("timeout", "crash", "garbage", "hostile", "huge")


def marker(packet: dict[str, Any]) -> str | None:
    haystack = " ".join([str(packet.get("block_id", "")), *map(str, packet.get("members", []))])
    return next((m for m in MARKERS if m in haystack), None)


def good_answer(packet: dict[str, Any]) -> dict[str, str]:
    symbols = ", ".join(packet.get("top_symbols", [])[:3]) or "none"
    return {
        "name": f"{packet['current_name']} service"[:40],
        "purpose": f"{packet['member_count']} files; top symbols: {symbols}"[:120],
    }


def answer(packet: dict[str, Any]) -> tuple[str, bytes]:
    """(what happens, the bytes to answer): kind is ``ok``, ``timeout`` or ``crash``."""
    kind = marker(packet)
    if kind in ("timeout", "crash"):
        return kind, b""
    if kind == "garbage":
        return "ok", b"I think this block handles authentication!"
    if kind == "hostile":
        return "ok", json.dumps({"name": "<img src=x onerror=alert(1)>", "purpose": "pwned"}).encode()
    if kind == "huge":
        return "ok", b"x" * 100_000
    return "ok", json.dumps(good_answer(packet)).encode()


def main(argv: list[str]) -> int:
    delay_ms = int(argv[argv.index("--delay-ms") + 1]) if "--delay-ms" in argv else 0
    packet = json.loads(sys.stdin.buffer.read())
    if "--log" in argv:
        with open(argv[argv.index("--log") + 1], "a", encoding="utf-8") as log:
            log.write(f"{packet['block_id']} {os.getpid()}\n")
    time.sleep(delay_ms / 1000)
    kind, body = answer(packet)
    if kind == "timeout":
        time.sleep(60)
    if kind == "crash":
        sys.stderr.write("Traceback: the runner fell over\n")
        return 3
    sys.stdout.buffer.write(body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
