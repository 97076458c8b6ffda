"""`merge`: victims fold into the survivor (F11 1c, 1d).

Membership is unioned (one entry per path; a path the merged blocks shared becomes a single ``primary``
entry unless a third block still claims it), residue is unioned, the victims' sockets join the survivor's,
every socket pointing at a victim now points at the survivor (self-sockets and duplicates dropped), the
victims are removed and the survivor's meta is recomputed (`rooms.edit.meta`: measured on the code graph
when the batch has it, never averaged into a made-up cohesion).
"""

from __future__ import annotations

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
    merged.candidate_meta = merged_meta(merged.candidate_meta, scores)
    w.measure.append(op.into)
