"""What a pause costs on this machine, apart from our code: memory written again after the process idled, and the
database server's first round trip after it idled. ``python -m bench.scan.idle`` (needs the server running).

A first scan after ``db start`` follows a pause (the command's own start-up), and so does any scan a user runs
after reading the last one's map; a bench's warm scans follow each other at once. On a virtual machine whose host
takes back idle memory, the pause itself costs, whatever the code does: this prints how much.
"""

from __future__ import annotations

import time

from graphdb.database import Database

PAUSES_S = (0.0, 0.5, 2.0, 5.0, 20.0)
BUFFER_MB = 300
PAGE = 4096


def _ms(since: float) -> float:
    return (time.perf_counter() - since) * 1000


def rewrite_ms(buffer: bytearray) -> float:
    """Write one byte of every page of ``buffer``: the memory is this process's already, so only the machine's
    handling of a page touched again can make this slow."""
    started = time.perf_counter()
    for offset in range(0, len(buffer), PAGE):
        buffer[offset] ^= 1
    return _ms(started)


def round_trip_ms(db: Database) -> float:
    """A trivial catalog statement (``server_versions``), on a session of its own as every statement of a scan."""
    started = time.perf_counter()
    db.versions()
    return _ms(started)


def main() -> None:
    buffer = bytearray(BUFFER_MB * 1024 * 1024)
    rewrite_ms(buffer)  # made resident
    db = Database.connect()
    try:
        for _ in range(5):
            round_trip_ms(db)  # the connection opened, the statement planned
        print(f"== a pause, then {BUFFER_MB} MB written again (one byte a page) and the server's first statement")
        print(f"{'pause s':>8} {'rewrite ms':>11} {'again ms':>9} {'versions ms':>12} {'again ms':>9}")
        for pause in PAUSES_S:
            time.sleep(pause)
            first, second = rewrite_ms(buffer), rewrite_ms(buffer)
            time.sleep(pause)
            trip, trip_again = round_trip_ms(db), round_trip_ms(db)
            print(f"{pause:8.1f} {first:11.1f} {second:9.1f} {trip:12.1f} {trip_again:9.1f}", flush=True)
    finally:
        db.close()


if __name__ == "__main__":
    main()
