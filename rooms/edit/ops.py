"""The six typed operations of `candidate_edit` (F11 §1), as a discriminated union on ``op``.

Wire names follow CONTRACT §2 in snake_case (``move_member.from`` is `MoveMember.from_` in Python).
`Split.rest_to_residue` (default false) chooses F11 o3's "honest residue" branch: members no group covers go
to the residue instead of refusing the split with ``split_not_total``.
Paths are checked by the engine (so a bad one is refused with its op index), not here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, TypeAdapter, ValidationError

from rooms.contract import ErrorCode
from rooms.contract.errors import ContractError

BOTH = "both"
PRIMARY_PREFIX = "primary:"


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Rename(_Op):
    op: Literal["rename"] = "rename"
    block_id: StrictStr
    name: StrictStr
    purpose: StrictStr | None = None


class Merge(_Op):
    op: Literal["merge"] = "merge"
    into: StrictStr
    block_ids: list[StrictStr] = Field(min_length=1)


class Split(_Op):
    op: Literal["split"] = "split"
    block_id: StrictStr
    paths: list[list[StrictStr]]
    rest_to_residue: StrictBool = False


class MoveMember(_Op):
    op: Literal["move_member"] = "move_member"
    path: StrictStr
    from_: StrictStr = Field(alias="from")
    to: StrictStr


class ResolveSeam(_Op):
    op: Literal["resolve_seam"] = "resolve_seam"
    path: StrictStr
    resolution: StrictStr = Field(pattern=r"^(both|primary:.+)$")

    @property
    def primary(self) -> str | None:
        """The chosen block id for ``primary:<id>``; None for ``both``."""
        return self.resolution[len(PRIMARY_PREFIX) :] if self.resolution.startswith(PRIMARY_PREFIX) else None


class AssignUnmapped(_Op):
    op: Literal["assign_unmapped"] = "assign_unmapped"
    path: StrictStr
    block_id: StrictStr


EditOp = Annotated[Rename | Merge | Split | MoveMember | ResolveSeam | AssignUnmapped, Field(discriminator="op")]

_ADAPTER: TypeAdapter[EditOp] = TypeAdapter(EditOp)


class OpParseError(ContractError):
    """An op payload that does not parse (code ``invalid_op``); `op_index` says which."""

    def __init__(self, op_index: int, message: str) -> None:
        super().__init__(ErrorCode.INVALID_OP, f"op {op_index}: {message}", f"ops[{op_index}]")
        self.op_index = op_index


def parse_ops(items: Sequence[Mapping[str, Any]]) -> list[EditOp]:
    """Parse wire ops (``{"op": "rename", ...}``); raise `OpParseError` at the first bad one."""
    out: list[EditOp] = []
    for index, item in enumerate(items):
        try:
            out.append(_ADAPTER.validate_python(item))
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(part) for part in first["loc"])
            raise OpParseError(index, f"{where}: {first['msg']}" if where else first["msg"]) from exc
    return out
