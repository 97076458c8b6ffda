"""Curation missions, pure (F11 §3): states, who may claim / write / deliver, and the curation packet.

Public API: `Mission`, `MissionState`, `Letter`, `MissionRefusal`, `check_claim`, `check_letter`,
`check_deliver`, `text_problem`, `curation_packet`, `review_summary`, `NOTE_MAX`, `LETTER_MAX`.
"""

from rooms.missions.packet import curation_packet, review_summary
from rooms.missions.rules import (
    LETTER_MAX,
    NOTE_MAX,
    Letter,
    Mission,
    MissionRefusal,
    MissionState,
    check_claim,
    check_deliver,
    check_letter,
    text_problem,
)

__all__ = [
    "LETTER_MAX",
    "NOTE_MAX",
    "Letter",
    "Mission",
    "MissionRefusal",
    "MissionState",
    "check_claim",
    "check_deliver",
    "check_letter",
    "curation_packet",
    "review_summary",
    "text_problem",
]
