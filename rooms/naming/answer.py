"""Reading a naming runner's answer (F11 §2c): bytes in, a `CleanLabel` or a `NamingFailure` out.

The answer schema is one JSON object with exactly two string fields, ``{"name": ..., "purpose": ...}``
(name ≤ 40 characters, purpose ≤ 120, plain text). Anything else — more than `ANSWER_MAX_BYTES`, not
UTF-8, not JSON, a repeated key, another shape, an extra field — is a failure, and so is a label the
sanitizer (`rooms.contract.text`) refuses. Failure details are our words only: the runner's text is
never echoed.

The chat-completions adapter reads the model's message content with `read_chat_content`, which also
accepts the one common wrapping of a JSON answer in a Markdown code fence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rooms.contract.text import CleanLabel, UnsafeLabel, sanitize_answer

ANSWER_MAX_BYTES = 16 * 1024
ANSWER_FIELDS = ("name", "purpose")


class FailureReason(StrEnum):
    RUNNER_UNAVAILABLE = "runner_unavailable"  # the runner cannot be used at all (e.g. its key is not set)
    TIMEOUT = "timeout"  # no answer within the per-block timeout (the runner was killed)
    RUNNER_FAILED = "runner_failed"  # non-zero exit, HTTP error status, refused connection
    TOO_LARGE = "too_large"
    NOT_JSON = "not_json"
    SCHEMA_VIOLATION = "schema_violation"
    UNSAFE_LABEL = "unsafe_label"


@dataclass(frozen=True)
class NamingFailure:
    reason: FailureReason
    detail: str


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise _DuplicateKey("a key appears twice")
    return dict(pairs)


def _decode(raw: bytes) -> Any | NamingFailure:
    if len(raw) > ANSWER_MAX_BYTES:
        return NamingFailure(FailureReason.TOO_LARGE, f"more than {ANSWER_MAX_BYTES} bytes")
    try:
        return json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates)
    except _DuplicateKey:
        return NamingFailure(FailureReason.SCHEMA_VIOLATION, "a key appears twice")
    except (UnicodeDecodeError, ValueError, RecursionError):
        return NamingFailure(FailureReason.NOT_JSON, "the answer is not one JSON document")


def read_answer_object(data: Any) -> CleanLabel | NamingFailure:
    """Check an already decoded answer against the schema, then sanitize both labels."""
    if not isinstance(data, dict) or sorted(data) != sorted(ANSWER_FIELDS):
        return NamingFailure(FailureReason.SCHEMA_VIOLATION, 'expected exactly {"name": ..., "purpose": ...}')
    if not all(isinstance(data[key], str) for key in ANSWER_FIELDS):
        return NamingFailure(FailureReason.SCHEMA_VIOLATION, "name and purpose must be strings")
    label = sanitize_answer(data["name"], data["purpose"])
    if isinstance(label, UnsafeLabel):
        return NamingFailure(FailureReason.UNSAFE_LABEL, label.detail)
    return label


def read_answer(raw: bytes) -> CleanLabel | NamingFailure:
    """A runner's raw answer (stdout of a command, body of an HTTP response)."""
    data = _decode(raw)
    return data if isinstance(data, NamingFailure) else read_answer_object(data)


def _unfence(text: str) -> str:
    stripped = text.strip()
    if stripped.startswith("```") and stripped.endswith("```") and "\n" in stripped:
        return stripped[stripped.index("\n") + 1 : -3]
    return stripped


def read_chat_content(content: Any) -> CleanLabel | NamingFailure:
    """The message content of a chat completion: the answer JSON, possibly inside one code fence."""
    if not isinstance(content, str):
        return NamingFailure(FailureReason.SCHEMA_VIOLATION, "the message content is not text")
    return read_answer(_unfence(content).encode("utf-8"))
