"""`rename`: a new name (and optionally purpose), with provenance from the seat (F11 1c, o6).

OWNER stamps ``named_by: owner``; AGENT stamps ``named_by: runner`` (runner-named blocks are ratifiable
without a touch, F11 0b). Both clear ``needs_owner_naming``. A block without candidate meta (hand-authored)
gets no meta invented for it. Names and purposes are trimmed; a name is 1-40 characters, a purpose at most
120, neither holds control or line-separator characters.
"""

from __future__ import annotations

import unicodedata

from rooms.contract import NamedBy, Seat
from rooms.edit.canonical import SurvivorMap
from rooms.edit.ops import Rename
from rooms.edit.outcome import EditCode, Refusal
from rooms.edit.working import Working

NAME_MAX = 40
PURPOSE_MAX = 120
_FORBIDDEN_CATEGORIES = {"Cc", "Zl", "Zp"}


def clean_label(value: str, what: str, max_len: int, *, required: bool) -> str:
    text = value.strip()
    if required and not text:
        raise Refusal(EditCode.NAME_INVALID, f"the {what} is empty")
    if len(text) > max_len:
        raise Refusal(EditCode.NAME_INVALID, f"the {what} has {len(text)} characters; at most {max_len} are allowed")
    if any(unicodedata.category(ch) in _FORBIDDEN_CATEGORIES for ch in text):
        raise Refusal(EditCode.NAME_INVALID, f"the {what} holds a control or line-break character")
    return text


def apply_rename(w: Working, op: Rename, survivors: SurvivorMap, seat: Seat) -> None:
    survivors.refuse_if_absorbed(op.block_id, "rename")
    w.get(op.block_id)
    name = clean_label(op.name, "name", NAME_MAX, required=True)
    purpose = None if op.purpose is None else clean_label(op.purpose, "purpose", PURPOSE_MAX, required=False)
    block = w.edit(op.block_id)
    block.name = name
    if purpose is not None:
        block.purpose = purpose
    if block.candidate_meta is not None:
        named_by = NamedBy.OWNER if seat is Seat.OWNER else NamedBy.RUNNER
        block.candidate_meta = block.candidate_meta.model_copy(
            update={"named_by": named_by, "needs_owner_naming": False}
        )
