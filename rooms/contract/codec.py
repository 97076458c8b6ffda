"""Text <-> model for seeds and stores, byte-stable.

Canonical text: UTF-8 JSON (non-ASCII written as is), 2-space indent, ``": "`` and ``","`` separators, LF,
one trailing newline, keys in contract order, empty optional fields omitted. ``serialize(parse(text))`` is a
fixed point: parsing a canonical text and serializing it gives the same bytes. (A non-canonical valid input —
other whitespace, explicit nulls, an int where a float is expected — is normalized once.)

A seed is written outside this system — by hand, by another tool, by an agent — so its block names and
purposes pass the same text rule as a rename (`rooms.contract.text`), refused with ``name_invalid``; a
stored store is not re-judged (it was judged on its way in).
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import ValidationError

from rooms.contract.error_codes import ErrorCode
from rooms.contract.errors import ContractError
from rooms.contract.seed import SEED_SCHEMA, STORE_SCHEMA, SeedFile, Store
from rooms.contract.text import NAME_MAX, PURPOSE_MAX, UnsafeLabel, sanitize_label

_Model = TypeVar("_Model", SeedFile, Store)

# pydantic error type -> contract code; anything else is the document's generic code.
_CODES = {
    "extra_forbidden": ErrorCode.UNKNOWN_FIELD,
    "missing": ErrorCode.MISSING_FIELD,
    "enum": ErrorCode.INVALID_ENUM,
    "literal_error": ErrorCode.SCHEMA_MISMATCH,
    "invalid_path": ErrorCode.INVALID_PATH,
    "receipts_in_candidate": ErrorCode.RECEIPTS_IN_CANDIDATE,
    "dangling_socket": ErrorCode.DANGLING_SOCKET,
    "invalid_receipt": ErrorCode.INVALID_RECEIPT,
}


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ContractError(ErrorCode.INVALID_JSON, f"key {key!r} appears twice in one object", key)
        out[key] = value
    return out


def _dotted(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _contract_error(exc: ValidationError, generic: ErrorCode) -> ContractError:
    # A missing key is often the echo of a misspelled one: report the other errors first.
    errors = sorted(exc.errors(include_url=False), key=lambda e: e["type"] == "missing")
    first = errors[0]
    field = _dotted(first["loc"]) or None
    details = "; ".join(f"{_dotted(e['loc']) or '(document)'}: {e['msg']}" for e in errors[:3])
    if len(errors) > 3:
        details += f"; and {len(errors) - 3} more"
    return ContractError(_CODES.get(first["type"], generic), details, field)


def _parse(text: str, model: type[_Model], schema: str, generic: ErrorCode) -> _Model:
    try:
        data = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise ContractError(ErrorCode.INVALID_JSON, f"not JSON: {exc}") from exc
    except RecursionError as exc:
        raise ContractError(ErrorCode.INVALID_JSON, "not JSON a seed can be: nested too deeply") from exc
    if not isinstance(data, dict):
        raise ContractError(generic, "the document must be a JSON object")
    if data.get("schema") != schema:
        raise ContractError(
            ErrorCode.SCHEMA_MISMATCH, f"schema must be {schema!r}, found {data.get('schema')!r}", "schema"
        )
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _contract_error(exc, generic) from exc


def to_text(model: SeedFile | Store) -> str:
    """The canonical text of a seed or a store."""
    return json.dumps(model.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def check_labels(seed: SeedFile) -> SeedFile:
    """Refuse the first block name or purpose the text rule refuses (an empty purpose is no purpose); the
    message names the rule, never the text."""
    for index, block in enumerate(seed.blocks):
        labels = [("name", block.name, NAME_MAX)]
        if block.purpose.strip():
            labels.append(("purpose", block.purpose, PURPOSE_MAX))
        for field, value, limit in labels:
            clean = sanitize_label(value, field=field, limit=limit)
            if isinstance(clean, UnsafeLabel):
                where = f"blocks[{index}].{field}"
                raise ContractError(ErrorCode.NAME_INVALID, f"{where}: refused ({clean.reason.value})", where)
    return seed


def parse_seed(text: str) -> SeedFile:
    """Parse and validate a seed; raise `ContractError` with a stable code naming the field."""
    return check_labels(_parse(text, SeedFile, SEED_SCHEMA, ErrorCode.INVALID_SEED))


def serialize_seed(seed: SeedFile) -> str:
    return to_text(seed)


def parse_store(text: str) -> Store:
    """Parse and validate a store; raise `ContractError` with a stable code naming the field."""
    return _parse(text, Store, STORE_SCHEMA, ErrorCode.INVALID_STORE)


def serialize_store(store: Store) -> str:
    return to_text(store)


def validate_seed(data: dict[str, Any]) -> SeedFile:
    """Validate an already decoded seed object (same codes as `parse_seed`)."""
    return check_labels(_parse(json.dumps(data), SeedFile, SEED_SCHEMA, ErrorCode.INVALID_SEED))


def validate_store(data: dict[str, Any]) -> Store:
    """Validate an already decoded store object (same codes as `parse_store`)."""
    return _parse(json.dumps(data), Store, STORE_SCHEMA, ErrorCode.INVALID_STORE)
