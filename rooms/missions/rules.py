"""Curation missions (F11 §3): the state of one mission and who may move it.

A mission is opened by the OWNER (``open``), claimed by an AGENT hand (``claimed``; claiming takes the
advisory lease, which alone decides between two hands: a claimed mission whose hand's lease expired is
claimable again) and delivered by the hand that holds it (``delivered``) with the store version it
produced and a summary. The owner's review is the F11 screen over that version; the landing is the owner's
``ratifyBlocks`` — a mission never ratifies anything.

Letters (the mission-letter chain) are plain text written by the owner or by the hand that holds the
mission. Refusal codes: ``mission_delivered``, ``not_mission_holder``, ``letter_invalid``,
``invalid_store_version``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rooms.contract import ErrorCode, Seat
from rooms.contract.text import hidden_character

LETTER_MAX = 8000
NOTE_MAX = 4000
_ALLOWED_CONTROLS = frozenset("\n\t")


class MissionState(StrEnum):
    OPEN = "open"
    CLAIMED = "claimed"
    DELIVERED = "delivered"


@dataclass(frozen=True)
class Mission:
    mission_id: str
    repo_id: str
    state: MissionState
    note: str
    opened_by: str
    opened_at: str
    base_store_version: int
    claimed_by: str | None = None
    claimed_at: str | None = None
    delivered_store_version: int | None = None
    delivered_at: str | None = None
    summary: str | None = None


@dataclass(frozen=True)
class Letter:
    mission_id: str
    seq: int
    author: str
    seat: str
    body: str
    at: str


@dataclass(frozen=True)
class MissionRefusal:
    code: ErrorCode
    message: str


def text_problem(text: str, what: str, limit: int, *, required: bool) -> MissionRefusal | None:
    """Letters, notes and summaries are plain prose under the label rule's character classes (F11 o5): no
    control character but newline and tab, no invisible one (bidi controls, zero-width characters)."""
    if required and not text.strip():
        return MissionRefusal(ErrorCode.LETTER_INVALID, f"the {what} is empty")
    if len(text) > limit:
        return MissionRefusal(ErrorCode.LETTER_INVALID, f"the {what} has {len(text)} characters; at most {limit}")
    reason = hidden_character(text, allowed=_ALLOWED_CONTROLS)
    if reason is not None:
        return MissionRefusal(ErrorCode.LETTER_INVALID, f"the {what} is refused ({reason.value})")
    return None


def check_claim(mission: Mission) -> MissionRefusal | None:
    if mission.state is MissionState.DELIVERED:
        return MissionRefusal(ErrorCode.MISSION_DELIVERED, f"mission {mission.mission_id} was delivered already")
    return None


def check_letter(mission: Mission, seat: Seat, agent_id: str, body: str) -> MissionRefusal | None:
    if seat is not Seat.OWNER and (mission.state is not MissionState.CLAIMED or mission.claimed_by != agent_id):
        return MissionRefusal(
            ErrorCode.NOT_MISSION_HOLDER, "only the owner and the hand holding the mission write letters"
        )
    return text_problem(body, "letter", LETTER_MAX, required=True)


def check_deliver(
    mission: Mission, agent_id: str, store_version: int, current_version: int, summary: str
) -> MissionRefusal | None:
    if mission.state is MissionState.DELIVERED:
        return MissionRefusal(ErrorCode.MISSION_DELIVERED, f"mission {mission.mission_id} was delivered already")
    if mission.state is not MissionState.CLAIMED or mission.claimed_by != agent_id:
        return MissionRefusal(ErrorCode.NOT_MISSION_HOLDER, "only the hand holding the mission delivers it")
    if not mission.base_store_version <= store_version <= current_version:
        return MissionRefusal(
            ErrorCode.INVALID_STORE_VERSION,
            f"storeVersion must be between {mission.base_store_version} (when the mission "
            f"opened) and {current_version} (now)",
        )
    return text_problem(summary, "summary", LETTER_MAX, required=True)
