"""`merge`: victims fold into the survivor (F11 1c, 1d).

Membership is unioned (one entry per path; a path the merged blocks shared becomes a single ``primary``
entry unless a third block still claims it), residue is unioned, the victims' sockets join the survivor's,
every socket pointing at a victim now points at the survivor (self-sockets and duplicates dropped), the
victims are removed and the survivor's meta is recomputed (`rooms.edit.meta`: measured on the code graph
when the batch has it, never averaged into a made-up cohesion).

Name and purpose read well after it (issue 35 item 4): the survivor takes the better of the merged names — one
a person or a runner gave (``named_by`` owner, then runner; a hand-authored block counts as a person's) beats a
heuristic one, and among equals the block with more files (resolved on the code graph when the batch has it,
else membership entries; then the survivor, then op order) — and a purpose written from all of theirs (each
distinct purpose once, the chosen block's first, joined with ``; `` and clipped fairly to the 120-character
rule, `rooms.contract.text`). Both are the engine's words, not a person's: the survivor is marked ``named_by:
heuristic`` and ``needs_owner_naming`` until a person or a runner renames (or accepts) it.
"""

from __future__ import annotations

from rooms.contract import NamedBy, SystemBlock
from rooms.contract.text import PURPOSE_MAX, UnsafeLabel, sanitize_label
from rooms.edit.canonical import SurvivorMap
from rooms.edit.meta import merged_meta
from rooms.edit.ops import Merge
from rooms.edit.sockets import rewrite_targets, tidy
from rooms.edit.working import Working


def apply_merge(w: Working, op: Merge, index: int, survivors: SurvivorMap) -> None:
    survivor = w.get(op.into)
    # A victim an earlier op already merged into this survivor is done; repeating it is harmless.
    victims = [
        v
        for v in dict.fromkeys(op.block_ids)
        if not (v not in w.blocks and survivors.survivor.get(v) == op.into and survivors.absorbed_by_op[v] < index)
    ]
    if not victims:
        return
    parts = [survivor, *(w.get(v) for v in victims)]
    best = _better_named(w, parts)
    purpose = merged_purpose([best.purpose, *(p.purpose for p in parts if p is not best)])
    scores = [(part.candidate_meta, len(part.membership)) for part in parts]
    paths_in_merge: dict[str, int] = {}
    for part in parts:
        for member in part.membership:
            paths_in_merge[member.path] = paths_in_merge.get(member.path, 0) + 1
    merged = w.edit(op.into)
    for victim_id in victims:
        victim = w.get(victim_id)
        w.add_members(op.into, victim.membership)
        merged.unmapped_residue = list(dict.fromkeys([*merged.unmapped_residue, *victim.unmapped_residue]))
        merged.resolved_seams = list(dict.fromkeys([*merged.resolved_seams, *victim.resolved_seams]))
        merged.sockets.inputs.extend(victim.sockets.inputs)
        merged.sockets.outputs.extend(victim.sockets.outputs)
        merged.sockets.external.extend(victim.sockets.external)
        w.remove(victim_id)
    targets = {victim_id: [op.into] for victim_id in victims}
    tidy(merged, targets)
    rewrite_targets(w, targets)
    w.settle({path for path, count in paths_in_merge.items() if count > 1})
    merged.name = best.name
    merged.purpose = purpose
    meta = merged_meta(merged.candidate_meta, scores)
    if meta is not None:
        meta = meta.model_copy(update={"named_by": NamedBy.HEURISTIC, "needs_owner_naming": True})
    merged.candidate_meta = meta
    w.measure.append(op.into)


_TIER = {NamedBy.OWNER: 2, NamedBy.RUNNER: 1, NamedBy.HEURISTIC: 0}
_ELLIPSIS = "..."  # what the text rule's NFKC makes of "…" anyway


def _better_named(w: Working, parts: list[SystemBlock]) -> SystemBlock:
    """The part whose name the merged block takes (see the module docstring)."""
    files = w.graph.members(w.all_blocks()) if w.graph is not None else None

    def rank(n: int) -> tuple[int, int, int]:
        part = parts[n]
        meta = part.candidate_meta
        tier = 2 if meta is None else _TIER[meta.named_by]
        size = len(files.get(part.block_id, ())) if files is not None else len(part.membership)
        return (tier, size, -n)

    return parts[max(range(len(parts)), key=rank)]


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    room = limit - len(_ELLIPSIS)
    cut = text[:room].rsplit(" ", 1)[0].rstrip(" ,;:.") or text[:room]
    return cut + _ELLIPSIS


def merged_purpose(purposes: list[str], limit: int = PURPOSE_MAX) -> str:
    """One line from the parts' purposes: each distinct one once, in order, joined with ``; ``; when too
    long each is clipped to a fair share. One the text rule refuses falls back to the first purpose."""
    given = [p.strip() for p in purposes if p.strip()]
    distinct = list(dict.fromkeys(p.rstrip(".") for p in given))
    if len(distinct) <= 1:
        return given[0] if given else ""
    text = "; ".join(distinct)
    if len(text) > limit:
        share = (limit - 2 * (len(distinct) - 1)) // len(distinct)
        text = "; ".join(_clip(p, share) for p in distinct)
    clean = sanitize_label(text, field="purpose", limit=limit)
    if isinstance(clean, UnsafeLabel):
        return purposes[0] if len(purposes[0]) <= limit else _clip(purposes[0], limit)
    return clean
