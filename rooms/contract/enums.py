"""Contract enums: snake_case string values on the wire (CONTRACT §1)."""

from __future__ import annotations

from enum import StrEnum


class SkeletonState(StrEnum):
    CANDIDATE = "candidate"
    RATIFIED = "ratified"


class BlockKind(StrEnum):
    SCANNED = "scanned"
    PLANNED = "planned"


class BlockState(StrEnum):
    CANDIDATE = "candidate"
    PLANNED = "planned"
    BUILDING = "building"
    SCANNED = "scanned"
    RATIFIED = "ratified"
    DRIFTED = "drifted"
    ARCHIVED = "archived"
    RESTORED = "restored"


class MembershipSource(StrEnum):
    RATIFIED = "ratified"
    PROPOSED = "proposed"
    MANUAL = "manual"


class MemberRole(StrEnum):
    PRIMARY = "primary"
    SHARED = "shared"
    GENERATED = "generated"
    TEST = "test"
    DOCS = "docs"
    EXTERNAL_SOCKET = "external_socket"


class NamedBy(StrEnum):
    OWNER = "owner"
    RUNNER = "runner"
    HEURISTIC = "heuristic"


class ReceiptType(StrEnum):
    TEST = "test"
    STRUCTURAL = "structural"
    RUNTIME = "runtime"
    REVIEW = "review"
    HANDOFF = "handoff"
    SPEC = "spec"


class EmitterKind(StrEnum):
    CI = "ci"
    RUNNERD = "runnerd"
    VERB = "verb"
    OWNER = "owner"


class UnmappedAction(StrEnum):
    LEAVE_UNMAPPED_UNTIL_RATIFIED = "leave_unmapped_until_ratified"


class Seat(StrEnum):
    """Who acts (CONTRACT §2). The edit engine stamps provenance from it."""

    OWNER = "owner"
    AGENT = "agent"
    READER = "reader"
