"""The base of every contract model and the constrained scalar types they share.

Every model forbids unknown keys, refuses NaN/infinity, and takes ints/bools/strings strictly (``"1"`` is not
an int, ``1.0`` is not an int). Floats accept JSON integers and normalize them (``1`` -> ``1.0``).

Canonical output (`model_dump(mode="json")`, which `serialize_*` writes): keys in declaration order (the
order of CONTRACT §1), ``None`` fields omitted (no field of the contract is required-and-nullable), and the
fields a model lists in ``_omit_empty`` omitted when empty or false. Python-side names ending in ``_``
(``class_``) are written without it.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    StrictFloat,
    StrictInt,
    StrictStr,
    model_serializer,
)
from pydantic_core import PydanticCustomError

from rooms.contract.paths import CONTROL, SAFE_PATH, path_problem


class ContractModel(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, populate_by_name=True)

    # Field names omitted from output when their value is empty ([] / False / "").
    _omit_empty: ClassVar[frozenset[str]] = frozenset()

    @model_serializer(mode="wrap")
    def _canonical(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> dict[str, Any]:
        data = handler(self)
        out: dict[str, Any] = {}
        for key, value in data.items():
            name = key.rstrip("_")
            if value is None or (name in self._omit_empty and not value):
                continue
            out[name] = value
        return out


def _check_path(value: str) -> str:
    if SAFE_PATH.fullmatch(value):  # nearly every path: one match, no further call
        return value
    problem = path_problem(value)
    if problem is not None:
        raise PydanticCustomError("invalid_path", "path '{path}' {problem}", {"path": value, "problem": problem})
    return value


def _check_ident(value: str) -> str:
    if value.strip() == "" or CONTROL.search(value):
        raise PydanticCustomError(
            "invalid_ident", "identifier '{value}' must be non-empty without control characters", {"value": value}
        )
    return value


REPO_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,99}")
"""A repository id, as the API and the command line take one (``REPO_ID_RULE``)."""
REPO_ID_RULE = "1-100 letters, digits, '.', '_', ':' or '-', starting with a letter or a digit"

RepoPath = Annotated[StrictStr, AfterValidator(_check_path)]
"""A repo-relative POSIX path or glob (see `rooms.contract.paths`)."""

Ident = Annotated[StrictStr, AfterValidator(_check_ident)]
"""An identifier (block id, repo id, ...): non-empty, no control characters."""

Count = Annotated[StrictInt, Field(ge=0)]
Fraction = Annotated[StrictFloat, Field(ge=0.0, le=1.0)]
