"""The seed file (import/export format) and the store (the seed shape plus store fields), CONTRACT §1.

The store embeds the seed fields flat, in the reference implementation's order:
``schema, store_version, repo, skeleton, blocks, unmapped_policy, unmapped_files?, unmapped_total?,
candidate_revision?, curating_by?, curating_until?``. (The reference store has no ``repo``: it lives beside
one repository; ours holds many, so the store keeps the seed's ``repo`` right after ``store_version``.)
`store_from_seed` / `seed_from_store` move between the two.
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal

from pydantic import Field, StrictBool, StrictStr, model_validator
from pydantic_core import PydanticCustomError

from rooms.contract.base import ContractModel, Count, Ident, RepoPath
from rooms.contract.blocks import SystemBlock
from rooms.contract.enums import SkeletonState, UnmappedAction

SEED_SCHEMA: Final = "m1nd-system-block-seed-v0"
STORE_SCHEMA: Final = "m1nd-system-block-store-v0"
UNMAPPED_FILES_CAP = 500


class Repo(ContractModel):
    repo_id: Ident
    root: RepoPath
    source_commit: StrictStr


class Ratification(ContractModel):
    """Who signed the skeleton. A candidate carries four empty strings (nothing is fabricated)."""

    method: StrictStr = ""
    ratifier: StrictStr = ""
    ratified_at: StrictStr = ""
    commit: StrictStr = ""


class Skeleton(ContractModel):
    skeleton_id: Ident
    version: Count
    state: SkeletonState
    ratification: Ratification = Field(default_factory=Ratification)


class UnmappedPolicy(ContractModel):
    visible: StrictBool = True
    default_action: UnmappedAction = UnmappedAction.LEAVE_UNMAPPED_UNTIL_RATIFIED


def _check_blocks(skeleton: Skeleton, blocks: list[SystemBlock]) -> None:
    """Block ids are unique, internal sockets bind to blocks of the same map, and a candidate skeleton carries
    no receipts (F0c §4c)."""
    seen: set[str] = set()
    for block in blocks:
        if block.block_id in seen:
            raise PydanticCustomError(
                "invalid_block", "block id {block_id} appears twice", {"block_id": block.block_id}
            )
        seen.add(block.block_id)
    for block in blocks:
        for socket in (*block.sockets.inputs, *block.sockets.outputs, *block.sockets.external):
            if socket.to is not None and socket.to not in seen:
                raise PydanticCustomError(
                    "dangling_socket",
                    "block {block_id} has a socket to {to}, which is not a block of this map",
                    {"block_id": block.block_id, "to": socket.to},
                )
        if skeleton.state is SkeletonState.CANDIDATE and block.receipts:
            raise PydanticCustomError(
                "receipts_in_candidate",
                "block {block_id} carries receipts, but receipts never appear in a candidate",
                {"block_id": block.block_id},
            )


class SeedFile(ContractModel):
    schema_: Literal["m1nd-system-block-seed-v0"] = Field(default=SEED_SCHEMA, alias="schema")
    repo: Repo
    skeleton: Skeleton
    blocks: list[SystemBlock]
    unmapped_policy: UnmappedPolicy = Field(default_factory=UnmappedPolicy)

    @model_validator(mode="after")
    def _consistent(self) -> SeedFile:
        _check_blocks(self.skeleton, self.blocks)
        return self

    def block(self, block_id: str) -> SystemBlock | None:
        return next((b for b in self.blocks if b.block_id == block_id), None)


class Store(ContractModel):
    _omit_empty: ClassVar[frozenset[str]] = frozenset({"unmapped_files"})

    schema_: Literal["m1nd-system-block-store-v0"] = Field(default=STORE_SCHEMA, alias="schema")
    store_version: Count
    repo: Repo
    skeleton: Skeleton
    blocks: list[SystemBlock]
    unmapped_policy: UnmappedPolicy = Field(default_factory=UnmappedPolicy)
    unmapped_files: list[RepoPath] = Field(default=[], max_length=UNMAPPED_FILES_CAP)
    unmapped_total: Count | None = None
    candidate_revision: SeedFile | None = None
    curating_by: StrictStr | None = None
    curating_until: StrictStr | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Store:
        _check_blocks(self.skeleton, self.blocks)
        revision = self.candidate_revision
        if revision is not None and revision.skeleton.state is not SkeletonState.CANDIDATE:
            raise PydanticCustomError("invalid_store", "candidate_revision must hold a candidate skeleton", {})
        return self

    def block(self, block_id: str) -> SystemBlock | None:
        return next((b for b in self.blocks if b.block_id == block_id), None)


def store_from_seed(seed: SeedFile, store_version: int) -> Store:
    """A store holding `seed` at `store_version`, with no reconcile cache, revision or lease."""
    return Store(
        store_version=store_version,
        repo=seed.repo.model_copy(deep=True),
        skeleton=seed.skeleton.model_copy(deep=True),
        blocks=[b.model_copy(deep=True) for b in seed.blocks],
        unmapped_policy=seed.unmapped_policy.model_copy(deep=True),
    )


def seed_from_store(store: Store) -> SeedFile:
    """The seed (export form) of the store's live skeleton."""
    return SeedFile(
        repo=store.repo.model_copy(deep=True),
        skeleton=store.skeleton.model_copy(deep=True),
        blocks=[b.model_copy(deep=True) for b in store.blocks],
        unmapped_policy=store.unmapped_policy.model_copy(deep=True),
    )
