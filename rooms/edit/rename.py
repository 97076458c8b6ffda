"""`rename`: a new name (and optionally purpose), with provenance from the seat (F11 1c, o6).

OWNER stamps ``named_by: owner``; AGENT stamps ``named_by: runner`` (runner-named blocks are ratifiable
without a touch, F11 0b). Both clear ``needs_owner_naming``. A block without candidate meta (hand-authored)
gets no meta invented for it. Names and purposes pass the one text rule (`rooms.contract.text`, F11 o5) for
every seat — an owner's ``<b>`` is refused like an agent's — with ``name_invalid`` and the rule broken;
an empty purpose is allowed (it clears the purpose: the F11 panel sends the field as typed).
"""

from __future__ import annotations

from rooms.contract import ErrorCode, NamedBy, Seat
from rooms.contract.text import NAME_MAX, PURPOSE_MAX, UnsafeLabel, sanitize_label
from rooms.edit.canonical import SurvivorMap
from rooms.edit.ops import Rename
from rooms.edit.outcome import Refusal
from rooms.edit.working import Working


def clean_label(value: str, field: str, limit: int) -> str:
    """The sanitized label, or a refusal naming the field and the rule — never echoing the text."""
    clean = sanitize_label(value, field=field, limit=limit)
    if isinstance(clean, UnsafeLabel):
        raise Refusal(ErrorCode.NAME_INVALID, f"the {field} is refused ({clean.reason.value})")
    return clean


def apply_rename(w: Working, op: Rename, survivors: SurvivorMap, seat: Seat) -> None:
    survivors.refuse_if_absorbed(op.block_id, "rename")
    w.get(op.block_id)
    name = clean_label(op.name, "name", NAME_MAX)
    purpose = op.purpose
    if purpose is not None and purpose.strip():
        purpose = clean_label(purpose, "purpose", PURPOSE_MAX)
    elif purpose is not None:
        purpose = ""
    block = w.edit(op.block_id)
    block.name = name
    if purpose is not None:
        block.purpose = purpose
    if block.candidate_meta is not None:
        named_by = NamedBy.OWNER if seat is Seat.OWNER else NamedBy.RUNNER
        block.candidate_meta = block.candidate_meta.model_copy(
            update={"named_by": named_by, "needs_owner_naming": False}
        )
