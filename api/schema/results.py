"""Outcomes every mutation may answer with, as schema data (not GraphQL errors), and the one enum of codes."""

from __future__ import annotations

from enum import Enum
from typing import Any

import strawberry

from rooms.contract import ERROR_CODE_DESCRIPTIONS, ErrorCode
from rooms.contract.error_codes import ENUM_DESCRIPTION

# The GraphQL face of `rooms.contract.ErrorCode`: its member names, each described. Resolvers hand over the
# domain's members; they serialize by value.
_CODES: Any = Enum(  # type: ignore[misc]  # members from ErrorCode, built at import
    "ErrorCode",
    {code.name: strawberry.enum_value(code.value, description=ERROR_CODE_DESCRIPTIONS[code]) for code in ErrorCode},
)
ErrorCodeEnum = strawberry.enum(_CODES, name="ErrorCode", description=ENUM_DESCRIPTION)


def code_field(description: str | None = None) -> Any:
    """A field that answers an `ErrorCode`."""
    return strawberry.field(graphql_type=ErrorCodeEnum, description=description)


@strawberry.type(description="The store moved on: `expected` was stale. Reload and retry; nothing was written.")
class VersionConflict:
    expected: int | None
    actual: int


@strawberry.type(description="Refused with a stable `code` (see `ErrorCode`); nothing was written.")
class Refused:
    code: ErrorCode = code_field()
    message: str
