"""What `apply_batch` answers: `Applied` or `Rejected` (expected outcomes are data, not exceptions)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rooms.contract import ContractError, Store


class EditCode(StrEnum):
    """The stable refusal codes of CONTRACT §2 that the edit engine can answer."""

    SKELETON_NOT_CANDIDATE = "skeleton_not_candidate"
    BLOCK_RATIFIED = "block_ratified"
    SEAT_FORBIDDEN = "seat_forbidden"
    UNKNOWN_BLOCK = "unknown_block"
    UNKNOWN_PATH = "unknown_path"
    PATH_NOT_MEMBER = "path_not_member"
    PATH_NOT_UNMAPPED = "path_not_unmapped"
    INVALID_PATH = "invalid_path"
    EMPTY_BLOCK = "empty_block"
    DANGLING_SOCKET = "dangling_socket"
    ORPHANED_MEMBER = "orphaned_member"
    UNRESOLVED_SEAM = "unresolved_seam"
    MERGE_CYCLE = "merge_cycle"
    MERGE_INTO_VICTIM = "merge_into_victim"
    AMBIGUOUS_MERGE = "ambiguous_merge"
    SPLIT_GROUPS_OVERLAP = "split_groups_overlap"
    SPLIT_GROUP_EMPTY = "split_group_empty"
    SPLIT_NOT_TOTAL = "split_not_total"
    NAME_INVALID = "name_invalid"


BATCH_INDEX = -1
"""The op index of a refusal that belongs to the whole batch (a final invariant, the seat)."""


class Refusal(ContractError):
    """Raised inside the engine by the op that fails; `apply_batch` turns it into `Rejected`.

    `op_index` is set when the raiser knows it better than the op being applied (canonicalization).
    """

    def __init__(self, code: EditCode, message: str, op_index: int | None = None) -> None:
        super().__init__(code.value, message)
        self.op_index = op_index


@dataclass(frozen=True)
class Applied:
    """The candidate after the batch. `store.store_version` is NOT bumped (persistence does that once).

    `store` shares the unchanged block objects with the input store: treat both as read-only.
    """

    store: Store
    changed_block_ids: tuple[str, ...]
    created_block_ids: tuple[str, ...]
    removed_block_ids: tuple[str, ...]
    unmapped_changed: bool


@dataclass(frozen=True)
class Rejected:
    """The batch did nothing. `op_index` is the first failing op, or -1 for a final invariant."""

    op_index: int
    code: str
    message: str


EditOutcome = Applied | Rejected
