"""Outcomes every mutation may answer with, as schema data (not GraphQL errors)."""

from __future__ import annotations

import strawberry


@strawberry.type(description="The store moved on: `expected` was stale. Reload and retry; nothing was written.")
class VersionConflict:
    expected: int | None
    actual: int


@strawberry.type(description="Refused with a stable snake_case `code` (see CONTRACT §2); nothing was written.")
class Refused:
    code: str
    message: str
