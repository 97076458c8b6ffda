"""Inputs and results of candidateEdit, candidateLease and ratifyBlocks."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import strawberry

from api.schema import store as types
from api.schema.results import Refused, VersionConflict, code_field
from rooms.contract import ErrorCode


@strawberry.input
class RenameOp:
    block_id: strawberry.ID
    name: str = strawberry.field(
        description="≤ 40 characters of plain text: no markup, link, address, path, control or invisible "
        "character, secret-like or instruction-like text (refused with name_invalid, for every seat)."
    )
    purpose: str | None = strawberry.field(
        default=None, description="One line, ≤ 120 characters, under the name's rule; empty clears it."
    )


@strawberry.input
class MergeOp:
    into: strawberry.ID = strawberry.field(description="The surviving block.")
    block_ids: list[strawberry.ID] = strawberry.field(description="Blocks absorbed into the survivor.")


@strawberry.input
class SplitOp:
    block_id: strawberry.ID
    paths: list[list[str]] = strawberry.field(description="Explicit path groups (exact paths or globs), one per child.")
    rest_to_residue: bool = strawberry.field(
        default=False, description="Members no group covers go to the residue instead of refusing (split_not_total)."
    )


@strawberry.input
class MoveMemberOp:
    path: str
    from_: strawberry.ID = strawberry.field(name="from")
    to: strawberry.ID


@strawberry.input
class ResolveSeamOp:
    path: str
    resolution: str = strawberry.field(description='"primary:<blockId>" or "both".')


@strawberry.input
class AssignUnmappedOp:
    path: str
    block_id: strawberry.ID


@strawberry.input(one_of=True, description="Exactly one operation.")
class CandidateEditOp:
    rename: RenameOp | None = strawberry.UNSET
    merge: MergeOp | None = strawberry.UNSET
    split: SplitOp | None = strawberry.UNSET
    move_member: MoveMemberOp | None = strawberry.UNSET
    resolve_seam: ResolveSeamOp | None = strawberry.UNSET
    assign_unmapped: AssignUnmappedOp | None = strawberry.UNSET


@strawberry.input
class CandidateEditInput:
    repo_id: strawberry.ID
    expected_store_version: int
    batch_id: strawberry.ID | None = strawberry.field(
        default=None, description="Client-chosen id: a retried batch answers with its recorded result."
    )
    agent_id: str | None = strawberry.field(default=None, description="If sent, must be the token's agent id.")
    ops: list[CandidateEditOp]


@strawberry.type
class EditApplied:
    store_version: int
    store: types.Store
    lease_warning: str | None
    replayed: bool = strawberry.field(description="True when this batchId had already been applied.")


@strawberry.type(description="Nothing was written. `opIndex` is the first failing op, or -1 for a final invariant.")
class EditRejected:
    op_index: int
    code: ErrorCode = code_field()
    message: str


CandidateEditResult = Annotated[
    EditApplied | EditRejected | VersionConflict | Refused, strawberry.union("CandidateEditResult")
]


@strawberry.enum
class LeaseActionEnum(Enum):
    ACQUIRE = "acquire"
    REFRESH = "refresh"
    RELEASE = "release"


@strawberry.input
class CandidateLeaseInput:
    repo_id: strawberry.ID
    action: LeaseActionEnum
    ttl_secs: int = 900
    agent_id: str | None = None


@strawberry.type
class LeaseGranted:
    lease: types.Lease | None = strawberry.field(description="The lease now held; null after a release.")


@strawberry.type(description="Someone else holds a live lease; it expires at `current.curatingUntil`.")
class LeaseBusy:
    current: types.Lease


CandidateLeaseResult = Annotated[LeaseGranted | LeaseBusy | Refused, strawberry.union("CandidateLeaseResult")]


@strawberry.input
class RatifyBlocksInput:
    repo_id: strawberry.ID
    expected_store_version: int
    block_ids: list[strawberry.ID] | None = strawberry.field(default=None, description="Omitted = all blocks.")


@strawberry.type
class RatifyRefusal:
    block_id: strawberry.ID
    reason: ErrorCode = code_field("Why the block cannot be ratified.")
    message: str


@strawberry.type
class Ratified:
    store: types.Store


@strawberry.type
class RatifyRejected:
    blocks: list[RatifyRefusal]


RatifyResult = Annotated[Ratified | RatifyRejected | VersionConflict | Refused, strawberry.union("RatifyResult")]


@strawberry.input
class ReconcileInput:
    repo_id: strawberry.ID
    expected_store_version: int | None = strawberry.field(
        default=None,
        description="When given, a store at another version answers VersionConflict and nothing is written.",
    )


@strawberry.enum(description="What a reconcile did to one block.")
class BlockReconcileChange(Enum):
    RECORDED = strawberry.enum_value("recorded", description="A first reconcile: its files and fingerprint recorded.")
    KEPT = strawberry.enum_value("kept", description="It resolves to the same files as at the last reconcile.")
    CHANGED = strawberry.enum_value(
        "changed", description="It resolves to other files: the fingerprint and boundaryVersion moved."
    )
    EMPTIED = strawberry.enum_value("emptied", description="It resolves to no file any more.")


@strawberry.type(description="One block after a reconcile.")
class BlockReconciled:
    block_id: strawberry.ID
    change: BlockReconcileChange
    resolved: int = strawberry.field(description="Files the block resolves to now.")
    added: int = strawberry.field(description="Files it resolves to now and did not at the last reconcile.")
    removed: int = strawberry.field(description="Files it resolved to at the last reconcile and does not now.")
    boundary_version: int


@strawberry.type(
    description="Blocks resolved against the repository's current files; boundaryVersion bumped "
    "where membership moved; the unmapped files cached on the store. `changed` false: nothing to "
    "resolve, nothing written, storeVersion as it was."
)
class Reconciled:
    store: types.Store
    changed: bool
    blocks: list[BlockReconciled] = strawberry.field(description="Per block, in store order.")


ReconcileResult = Annotated[Reconciled | VersionConflict | Refused, strawberry.union("ReconcileResult")]
