"""The advisory curation lease (F11 o4): a compare-and-set on ``curating_by``/``curating_until``.

It only warns: ``candidate_edit`` never requires it and it never bumps ``store_version``. An
expired lease is anyone's to take (no dead-agent trap); the OWNER may release anyone's lease.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

MIN_TTL_S, MAX_TTL_S = 1, 24 * 3600


class LeaseAction(StrEnum):
    ACQUIRE = "acquire"
    REFRESH = "refresh"
    RELEASE = "release"


@dataclass(frozen=True)
class Lease:
    holder: str
    until: datetime

    def live(self, now: datetime) -> bool:
        return self.until > now

    @property
    def until_text(self) -> str:
        return format_time(self.until)


@dataclass(frozen=True)
class LeaseGranted:
    lease: Lease | None  # None after a release


@dataclass(frozen=True)
class LeaseBusy:
    lease: Lease


def format_time(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_lease(holder: str | None, until: str | None) -> Lease | None:
    if not holder or not until:
        return None
    return Lease(holder, datetime.fromisoformat(until.replace("Z", "+00:00")))


def decide_lease(
    current: Lease | None, agent_id: str, action: LeaseAction, ttl_s: int, now: datetime, *, is_owner: bool = False
) -> LeaseGranted | LeaseBusy:
    if not MIN_TTL_S <= ttl_s <= MAX_TTL_S:
        raise ValueError(f"ttlSecs must be between {MIN_TTL_S} and {MAX_TTL_S}")
    held_by_other = current is not None and current.live(now) and current.holder != agent_id
    if action is LeaseAction.RELEASE:
        if held_by_other and not is_owner:
            return LeaseBusy(current)  # type: ignore[arg-type]
        return LeaseGranted(None)
    if held_by_other:
        return LeaseBusy(current)  # type: ignore[arg-type]
    return LeaseGranted(Lease(agent_id, now + timedelta(seconds=ttl_s)))


def lease_warning(current: Lease | None, agent_id: str, now: datetime) -> str | None:
    """What an editor is told when someone else holds a live lease (it never blocks the edit)."""
    if current is None or not current.live(now) or current.holder == agent_id:
        return None
    return f"{current.holder} is curating this candidate until {current.until_text}"
