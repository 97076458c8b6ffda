"""A system block and its parts (CONTRACT §1 `SystemBlock`, `Socket`, `CandidateMeta`, `Receipt`, ...)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import (
    Field,
    JsonValue,
    SerializationInfo,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from rooms.contract.base import ContractModel, Count, Fraction, Ident, RepoPath
from rooms.contract.enums import (
    BlockKind,
    BlockState,
    EmitterKind,
    MemberRole,
    MembershipSource,
    NamedBy,
    ReceiptType,
)


class Member(ContractModel):
    """One membership entry: an exact path or a glob, with its role (`optional` written only when true)."""

    path: RepoPath
    role: MemberRole
    optional: StrictBool = False

    @model_serializer(mode="plain")
    # pydantic replaces a parent's serializer by defining one of the same name; the signature differs by design
    def _canonical(self, info: SerializationInfo) -> dict[str, Any]:  # type: ignore[override]
        # The most numerous model (thousands per store): written directly, not through the generic wrap.
        out: dict[str, Any] = {"path": self.path, "role": self.role.value if info.mode_is_json() else self.role}
        if self.optional:
            out["optional"] = True
        return out


class Socket(ContractModel):
    """A connection. Internal sockets bind `to` to a block id; external ones carry a `class` alias."""

    to: Ident | None = None
    type: StrictStr | None = None
    alias: StrictStr | None = None
    class_: StrictStr | None = Field(default=None, alias="class")


class Sockets(ContractModel):
    inputs: list[Socket] = []
    outputs: list[Socket] = []
    external: list[Socket] = []

    def all(self) -> list[Socket]:
        return [*self.inputs, *self.outputs, *self.external]


class Req(ContractModel):
    """A receipt requirement."""

    type: ReceiptType
    stales_on: list[StrictStr] = []


class ReceiptContract(ContractModel):
    version: Count = 0
    required: list[Req] = []
    optional: list[Req] = []
    waived: list[Req] = []
    declared_by: StrictStr | None = None
    declared_at: StrictStr | None = None


class Emitter(ContractModel):
    kind: EmitterKind
    id: StrictStr


class ReceiptScope(ContractModel):
    block_id: Ident
    boundary_version: Count
    contract_version: Count
    resolution_hash: StrictStr


class Evidence(ContractModel):
    command: StrictStr | None = None
    cwd: RepoPath | None = None
    exit_status: StrictInt | None = None
    started_at: StrictStr | None = None
    ended_at: StrictStr | None = None
    artifact_hash: StrictStr
    stdout_excerpt: StrictStr | None = None
    evidence_refs: list[StrictStr]


class Validity(ContractModel):
    expires_on: StrictStr | None = None
    stales_on: list[StrictStr] = []


_TEST_EXECUTION_FIELDS = ("command", "cwd", "exit_status", "started_at", "ended_at")


class Receipt(ContractModel):
    """Evidence bound to a ratified boundary. Anti-poison: the anchor (`artifact_hash` + `evidence_refs`) is
    never empty, and a `test` receipt carries its whole execution identity."""

    type: ReceiptType
    emitter: Emitter
    scope: ReceiptScope
    evidence: Evidence
    validity: Validity

    @model_validator(mode="after")
    def _anti_poison(self) -> Receipt:
        missing: list[str] = []
        if not self.evidence.artifact_hash.strip():
            missing.append("artifact_hash")
        if not self.evidence.evidence_refs:
            missing.append("evidence_refs")
        if self.type is ReceiptType.TEST:
            missing += [name for name in _TEST_EXECUTION_FIELDS if getattr(self.evidence, name) is None]
        if missing:
            raise PydanticCustomError(
                "invalid_receipt",
                "a {type} receipt's evidence is missing {missing}",
                {"type": self.type.value, "missing": ", ".join(missing)},
            )
        return self


class Layout(ContractModel):
    x: StrictFloat | None = None
    y: StrictFloat | None = None
    locked: StrictBool = False
    algorithm_seed: JsonValue = None
    version: Count = 0


class CandidateMeta(ContractModel):
    """F0c §3 confidence components. `graph_cohesion` is None when `edge_sample_size` is below the floor."""

    named_by: NamedBy
    needs_owner_naming: StrictBool
    graph_cohesion: Fraction | None = None
    edge_sample_size: Count
    directory_support: Fraction
    coverage_ratio: Fraction
    shared_member_count: Count


class SystemBlock(ContractModel):
    _omit_empty: ClassVar[frozenset[str]] = frozenset({"resolved_members", "resolved_seams"})

    block_id: Ident
    name: StrictStr
    purpose: StrictStr
    kind: BlockKind
    state: BlockState
    boundary_version: Count
    contract_version: Count
    membership_source: MembershipSource
    membership: list[Member]
    sockets: Sockets = Field(default_factory=Sockets)
    receipt_contract: ReceiptContract = Field(default_factory=ReceiptContract)
    receipts: list[Receipt] = []
    layout: Layout = Field(default_factory=Layout)
    unmapped_residue: list[RepoPath] = []
    membership_fingerprint: StrictStr | None = None
    resolved_members: list[RepoPath] = []
    pre_archive_state: BlockState | None = None
    candidate_meta: CandidateMeta | None = None
    # Seams this block keeps by decision (``resolve_seam`` with ``both``): each is a ``shared`` entry of
    # the block, and a seam whose every ``shared`` claimant lists it here is resolved (`rooms.edit.seams`).
    resolved_seams: list[RepoPath] = []

    @model_validator(mode="after")
    def _consistent(self) -> SystemBlock:
        seen: set[str] = set()
        for member in self.membership:
            if member.path in seen:
                raise PydanticCustomError(
                    "invalid_block",
                    "block {block_id} lists member '{path}' twice",
                    {"block_id": self.block_id, "path": member.path},
                )
            seen.add(member.path)
        if self.resolved_seams:
            shared = {m.path for m in self.membership if m.role is MemberRole.SHARED}
            for path in self.resolved_seams:
                if path not in shared:
                    raise PydanticCustomError(
                        "invalid_block",
                        "block {block_id} lists '{path}' as a resolved seam, but it is not a shared member",
                        {"block_id": self.block_id, "path": path},
                    )
            if len(set(self.resolved_seams)) != len(self.resolved_seams):
                raise PydanticCustomError(
                    "invalid_block", "block {block_id} lists a resolved seam twice", {"block_id": self.block_id}
                )
        for receipt in self.receipts:
            scope = receipt.scope
            if (scope.block_id, scope.boundary_version, scope.contract_version) != (
                self.block_id,
                self.boundary_version,
                self.contract_version,
            ):
                raise PydanticCustomError(
                    "invalid_receipt",
                    "a receipt of block {block_id} is scoped to {scope_block}@{boundary}/{contract}, "
                    "not to the block's current boundary/contract versions",
                    {
                        "block_id": self.block_id,
                        "scope_block": scope.block_id,
                        "boundary": scope.boundary_version,
                        "contract": scope.contract_version,
                    },
                )
        return self

    def member(self, path: str) -> Member | None:
        """The entry whose path is exactly `path`, if any."""
        return next((m for m in self.membership if m.path == path), None)
