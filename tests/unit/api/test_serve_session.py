"""Which owner links a starting `coderooms serve` may revoke: only those of sessions of this machine that are gone."""

from __future__ import annotations

from api.cli.serve import SESSION_LABEL, leftover, session_label


def test_which_session_links_are_left_over() -> None:
    alive = {11}.__contains__
    assert leftover(SESSION_LABEL, "here", alive)  # the one label every session had before
    assert leftover(session_label("here", 12), "here", alive)
    assert not leftover(session_label("here", 11), "here", alive)  # running
    assert not leftover(session_label("there", 12), "here", alive)  # another machine's
    assert not leftover("tests", "here", alive)
    assert not leftover(None, "here", alive)
    assert not leftover(f"{SESSION_LABEL}-other here 12", "here", alive)
