"""The pure candidate edit engine (F11 §1, §4bis o1-o3) and the ratify rule (o6).

Public API:
- ops: `Rename`, `Merge`, `Split`, `MoveMember`, `ResolveSeam`, `AssignUnmapped`, the union `EditOp`,
  `parse_ops(items) -> list[EditOp]` (raises `OpParseError`, code ``invalid_op``)
- `apply_batch(store, ops, seat, graph=None) -> Applied | Rejected`; `BATCH_INDEX` (codes: `rooms.contract.ErrorCode`);
  `rooms.edit.graph.EditGraph` (what the code graph says, for merges and splits; imported from its module:
  it reads `rooms.candidate`, which itself uses this package)
- seams: `unresolved_seams(blocks) -> {path: [block_id]}`, `unresolved_seam_count(blocks) -> int`
- ratify: `check_ratify(store, block_ids) -> [RatifyRefusal]`,
  `ratify(store, block_ids, *, ratifier, ratified_at, method="verb", commit="") -> RatifyApplied | RatifyRejected`
"""

from rooms.edit.engine import apply_batch
from rooms.edit.ops import (
    AssignUnmapped,
    EditOp,
    Merge,
    MoveMember,
    OpParseError,
    Rename,
    ResolveSeam,
    Split,
    parse_ops,
)
from rooms.edit.outcome import BATCH_INDEX, Applied, EditOutcome, Rejected
from rooms.edit.ratify import RatifyApplied, RatifyRefusal, RatifyRejected, check_ratify, ratify
from rooms.edit.seams import unresolved_seam_count, unresolved_seams

__all__ = [
    "BATCH_INDEX",
    "Applied",
    "AssignUnmapped",
    "EditOp",
    "EditOutcome",
    "Merge",
    "MoveMember",
    "OpParseError",
    "RatifyApplied",
    "RatifyRefusal",
    "RatifyRejected",
    "Rejected",
    "Rename",
    "ResolveSeam",
    "Split",
    "apply_batch",
    "check_ratify",
    "parse_ops",
    "ratify",
    "unresolved_seam_count",
    "unresolved_seams",
]
