"""Who may move a curation mission, and what a letter may hold."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rooms.contract import Seat
from rooms.missions import (
    NOTE_MAX,
    Mission,
    MissionRefusal,
    MissionState,
    check_claim,
    check_deliver,
    check_letter,
    text_problem,
)
from tests.hostile_text import HIDDEN

OPEN = Mission(
    mission_id="m1",
    repo_id="r",
    state=MissionState.OPEN,
    note="",
    opened_by="owner",
    opened_at="2026-07-10T00:00:00.000000Z",
    base_store_version=4,
)
CLAIMED = replace(OPEN, state=MissionState.CLAIMED, claimed_by="hand-1")
DELIVERED = replace(CLAIMED, state=MissionState.DELIVERED, delivered_store_version=6)


def test_open_and_claimed_missions_are_claimable_delivered_ones_not() -> None:
    assert check_claim(OPEN) is None and check_claim(CLAIMED) is None
    assert check_claim(DELIVERED) == MissionRefusal("mission_delivered", "mission m1 was delivered already")


def test_letters_come_from_the_owner_or_the_holding_hand_and_are_plain_text() -> None:
    assert check_letter(OPEN, Seat.OWNER, "owner", "Please merge the tiny ones.") is None
    assert check_letter(CLAIMED, Seat.AGENT, "hand-1", "On it.\n\tMerging.") is None
    assert check_letter(CLAIMED, Seat.AGENT, "hand-2", "Me too").code == "not_mission_holder"
    assert check_letter(OPEN, Seat.AGENT, "hand-1", "Hi").code == "not_mission_holder"
    assert check_letter(CLAIMED, Seat.AGENT, "hand-1", "   ").code == "letter_invalid"
    assert check_letter(CLAIMED, Seat.AGENT, "hand-1", "bell\x07").code == "letter_invalid"
    assert check_letter(CLAIMED, Seat.AGENT, "hand-1", "x" * 8001).code == "letter_invalid"


def test_only_the_holder_delivers_a_version_between_the_packet_and_now() -> None:
    assert check_deliver(CLAIMED, "hand-1", 6, 7, "Merged 3 blocks.") is None
    assert check_deliver(CLAIMED, "hand-1", 4, 4, "Nothing to do.") is None
    assert check_deliver(CLAIMED, "hand-2", 6, 7, "x").code == "not_mission_holder"
    assert check_deliver(OPEN, "hand-1", 6, 7, "x").code == "not_mission_holder"
    assert check_deliver(DELIVERED, "hand-1", 6, 7, "x").code == "mission_delivered"
    assert check_deliver(CLAIMED, "hand-1", 3, 7, "x").code == "invalid_store_version"
    assert check_deliver(CLAIMED, "hand-1", 8, 7, "x").code == "invalid_store_version"
    assert check_deliver(CLAIMED, "hand-1", 6, 7, "").code == "letter_invalid"


@pytest.mark.parametrize("text", [pytest.param(text, id=key) for key, text in HIDDEN.items()])
def test_prose_refuses_what_the_label_rule_calls_hidden(text: str) -> None:
    # Bidi controls and zero-width characters hide what a letter says from the one who reads it.
    assert check_letter(CLAIMED, Seat.AGENT, "hand-1", f"Merged. {text}").code == "letter_invalid"
    assert check_deliver(CLAIMED, "hand-1", 6, 7, f"Done {text}").code == "letter_invalid"
    assert text_problem(f"Please curate {text}", "note", NOTE_MAX, required=False) is not None


def test_prose_may_name_paths_and_globs() -> None:
    # Only the label rule's character classes apply to prose: a letter is free to say where it worked.
    letter = "Merged src/api/** into sb_core; see docs/README.md (3 files).\n\tNext: tests_/x.py"
    assert check_letter(CLAIMED, Seat.AGENT, "hand-1", letter) is None
