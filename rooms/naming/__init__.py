"""Block naming. `heuristic` gives provisional labels (`named_by: heuristic`, `needs_owner_naming: true`);
runner naming (F11 §2) arrives later through `candidateEdit` renames.

Public API: `LabelInput`, `names_for`, `purpose_for`, `dominant_symbols`, `NAME_MAX`, `PURPOSE_MAX`.
"""

from rooms.naming.heuristic import NAME_MAX, PURPOSE_MAX, LabelInput, dominant_symbols, names_for, purpose_for

__all__ = ["NAME_MAX", "PURPOSE_MAX", "LabelInput", "dominant_symbols", "names_for", "purpose_for"]
