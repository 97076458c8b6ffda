"""The CLI's progress bar: what a line shows, redraws in place, quiet off a terminal."""

from __future__ import annotations

import io

from api.cli import progress_bar
from api.cli.progress_bar import ProgressBar, line


def test_a_line_shows_the_phase_and_counted_files() -> None:
    assert line("resolving", 0, 0) == "resolving…"
    assert line("parsing", 0, 40) == "parsing    [------------------------]  0/40 files"
    assert line("parsing", 20, 40) == "parsing    [############------------] 20/40 files"
    assert line("parsing", 40, 40).startswith("parsing    [########################] 40/40")


def test_a_line_counts_another_unit_and_times_a_phase_that_counts_nothing() -> None:
    assert line("warming up", 1, 4, "scans") == "warming up [######------------------] 1/4 scans"
    assert line("starting", 0, 0, "scans", seconds=12.9) == "starting… 12s"
    assert line("parsing", 20, 40, seconds=3.0) == line("parsing", 20, 40), "a count shows progress by itself"


def test_the_bar_redraws_in_place_each_phase_and_clears_its_line() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream)
    bar("parsing", 0, 1000)
    for done in range(1, 999):
        bar("parsing", done, 1000)  # within 0.1 s: not redrawn
    bar("parsing", 1000, 1000)  # the last count always is
    bar("resolving", 0, 0)
    bar.close()
    frames = stream.getvalue().split("\r\x1b[K")
    assert frames[0] == "" and frames[-1] == ""
    assert frames[1].startswith("parsing") and frames[-3].endswith("1000/1000 files") and frames[-2] == "resolving…"
    assert len(frames) < 10 and "\n" not in stream.getvalue()


def test_a_timed_bar_draws_again_after_a_line_of_its_commands_and_keeps_counting(monkeypatch) -> None:
    clock = iter([100.0, 100.01, 102.5, 103.0])
    monkeypatch.setattr(progress_bar, "monotonic", lambda: next(clock))
    stream = io.StringIO()
    bar = ProgressBar(stream, "scans", timed=True)
    bar("starting", 0, 0)
    bar.close()  # the command prints a line of its own
    stream.write("ready\n")
    bar("starting", 0, 0)  # at once, yet drawn: its line was cleared
    bar("starting", 0, 0)
    bar("warming up", 1, 4)
    bar.close()
    bar.close()  # nothing left to clear
    assert stream.getvalue().split("\r\x1b[K") == [
        "",
        "starting… 0s",
        "ready\n",
        "starting… 0s",
        "starting… 2s",  # since the phase's first report, not since the line
        "warming up [######------------------] 1/4 scans",
        "",
    ]


def test_nothing_is_drawn_off_a_terminal_or_with_json(monkeypatch) -> None:
    monkeypatch.setattr(progress_bar.sys, "stdout", io.StringIO())
    err = io.StringIO()
    monkeypatch.setattr(progress_bar.sys, "stderr", err)
    draw, done = progress_bar.progress_bar(quiet=False)
    draw("parsing", 1, 2)
    done()
    assert err.getvalue() == ""
    assert not progress_bar.shown(quiet=True)
