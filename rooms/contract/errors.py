"""The one exception tree of the pure domain (`rooms`).

`ContractError(code, message, field)` is the root. `code` is a stable snake_case string that API clients
match on; `message` is for people; `field` (dotted path such as ``blocks[0].membership[2].path``) names the
offending field when there is one.

Codes raised by `rooms.contract`:
- ``invalid_json``          the text is not JSON (or repeats a key inside one object)
- ``schema_mismatch``       ``schema`` is not the expected seed/store schema string
- ``unknown_field``         a key the contract does not define (``extra="forbid"``)
- ``missing_field``         a required key is absent
- ``invalid_enum``          a value outside an enum (all enums are snake_case strings)
- ``invalid_path``          a path breaks the repo-relative POSIX rule (see `rooms.contract.paths`)
- ``receipts_in_candidate`` a block of a candidate skeleton carries receipts (F0c §4c)
- ``dangling_socket``       an internal socket's ``to`` names no block of the same map
- ``invalid_receipt``       a receipt's scope or evidence breaks the anti-poison contract
- ``name_invalid``          a seed's block name or purpose breaks the text rule (`rooms.contract.text`)
- ``invalid_seed`` / ``invalid_store``  any other shape or value error in a seed / store

The edit engine (`rooms.edit`) reports its refusals as data (``Rejected``) with the codes of CONTRACT §2,
and raises `OpParseError` (a subclass, code ``invalid_op``) for op payloads that do not parse.
"""

from __future__ import annotations


class ContractError(ValueError):
    """A refusal with a stable `code`; `field` names the offending field when known."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.field = field
