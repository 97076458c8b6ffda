"""A `coderooms` command run as a person runs it, on pseudo-terminals, and what the person saw there."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys

CLEAR = "\r\x1b[K"  # the progress bar's redraw: carriage return, then clear the line


def run_on_terminals(env: dict[str, str], *args: str, stdout_on_terminal: bool = True) -> tuple[int, str, str]:
    """Run `coderooms ARGS` with stderr on a pseudo-terminal, and stdout on another (or on a pipe when not
    ``stdout_on_terminal``); its exit code and what each showed (CRLF as LF)."""
    out_master, out_slave = pty.openpty() if stdout_on_terminal else os.pipe()
    err_master, err_slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli.main", *args],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=out_slave,
        stderr=err_slave,
        close_fds=True,
    )
    os.close(out_slave)
    os.close(err_slave)
    seen = {out_master: bytearray(), err_master: bytearray()}
    open_fds = set(seen)
    while open_fds:
        ready, _, _ = select.select(list(open_fds), [], [], 300)
        assert ready, f"coderooms {' '.join(args)} went quiet for 5 minutes"
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the child closed its side of a terminal
                chunk = b""
            if chunk:
                seen[fd].extend(chunk)
            else:
                open_fds.discard(fd)
                os.close(fd)
    code = process.wait(timeout=60)
    text = [seen[fd].decode().replace("\r\n", "\n") for fd in (out_master, err_master)]
    return code, text[0], text[1]


def frames(shown: str) -> list[str]:
    """What was drawn after each clearing of the line, the empty ones left out."""
    return [frame for frame in re.split(re.escape(CLEAR), shown) if frame.strip()]


def screen(shown: str) -> list[str]:
    """The lines a person sees once it is over: of each line, what was drawn after its last clearing (the last
    line is the one the cursor stands on, empty when nothing is left on it)."""
    return [line.rsplit(CLEAR, 1)[-1] for line in shown.split("\n")]
