"""What `apply_batch` answers: `Applied` or `Rejected` (expected outcomes are data, not exceptions)."""

from __future__ import annotations

from dataclasses import dataclass

from rooms.contract import ContractError, ErrorCode, Store

BATCH_INDEX = -1
"""The op index of a refusal that belongs to the whole batch (a final invariant, the seat)."""


class Refusal(ContractError):
    """Raised inside the engine by the op that fails; `apply_batch` turns it into `Rejected`.

    `op_index` is set when the raiser knows it better than the op being applied (canonicalization).
    """

    def __init__(self, code: ErrorCode, message: str, op_index: int | None = None) -> None:
        super().__init__(code, message)
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
    code: ErrorCode
    message: str


EditOutcome = Applied | Rejected
