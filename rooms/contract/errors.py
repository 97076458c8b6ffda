"""The one exception tree of the pure domain (`rooms`).

`ContractError(code, message, field)` is the root. `code` is a stable `ErrorCode` (a snake_case string)
that API clients match on; `message` is for people; `field` (dotted path such as
``blocks[0].membership[2].path``) names the offending field when there is one.

Every code and its meaning is listed once, in `rooms.contract.error_codes` (and `docs/errors.md`). The seed
and store codecs raise the text codes (``invalid_json`` … ``invalid_seed`` / ``invalid_store``); the edit
engine (`rooms.edit`) reports its refusals as data (``Rejected``) with the codes of CONTRACT §2, and raises
`OpParseError` (a subclass, code ``invalid_op``) for op payloads that do not parse.
"""

from __future__ import annotations

from rooms.contract.error_codes import ErrorCode


class ContractError(ValueError):
    """A refusal with a stable `code`; `field` names the offending field when known."""

    def __init__(self, code: ErrorCode, message: str, field: str | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.field = field
