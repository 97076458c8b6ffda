"""`split`: explicit path groups become new blocks (F11 1c, o3).

Each group is a list of exact paths or globs, matched against the block's CURRENT membership entries: an
entry belongs to a group when one pattern equals it or matches it (``src/**`` covers the entry
``src/a/**``). Every group and every pattern must select at least one entry (``split_group_empty``), no
entry may fall in two groups (``split_groups_overlap``), and every entry must be covered
(``split_not_total``) unless ``rest_to_residue`` sends the uncovered entries to the residue, honestly.

Children, in group order, take the parent's place:
- id ``sb_`` + the first 16 hex digits of sha256(parent id, then each sorted member path, ``\\n``-joined),
  so the same split of the same block always yields the same ids;
- name: the parent's name + `` · `` + the directory that tells this group apart from the others (or
  ``part N``), at most 40 characters; a name the text rule (`rooms.contract.text`) refuses — a directory
  is repository text, not ours — falls back to ``part N``, as o5 falls back to a heuristic label; meta
  from `rooms.edit.meta.child_meta` (needs owner naming);
- purpose, kind, state, versions, receipt contract and layout copied from the parent; no fingerprint or
  resolved members (a candidate inherits nothing it did not earn, F0c §4b);
- sockets, with the code graph (`rooms.edit.graph`): recomputed from the file edges that cross the new
  boundaries, as the scan computes them (child <-> child and child <-> every other block, with the scan's
  ``socket_min_weight``, type and test-only class): each child gets the sockets its own files earn, every
  other block's sockets to the parent are replaced by those to the children that carry the dependency,
  and an external socket of a package goes to the children whose files use it. A socket the graph does
  not back at all (no edge between the parent's files and that block: hand-made, or from an import) and
  an external socket of no package the parent's files use are kept on every child, as without the graph;
- sockets, without the graph: each child gets the parent's sockets, and every socket that pointed at the
  parent points at every child — we cannot tell which child carries the dependency, so we keep each
  possible one rather than guess;
- the parent's residue (and the uncovered entries, with ``rest_to_residue``) goes to the first child; an
  uncovered entry that another block also claims simply stays with that block (it is not unmapped).
"""

from __future__ import annotations

import hashlib
import posixpath
from typing import TYPE_CHECKING

from rooms.contract import ErrorCode, Member, Socket, Sockets, SystemBlock, is_glob, path_matches, validate_repo_path
from rooms.contract.text import NAME_MAX, UnsafeLabel, sanitize_label
from rooms.edit.canonical import SurvivorMap
from rooms.edit.meta import child_meta
from rooms.edit.ops import Split
from rooms.edit.outcome import Refusal
from rooms.edit.sockets import rewrite_targets
from rooms.edit.working import Working, copy_block

if TYPE_CHECKING:
    from rooms.edit.graph import EditGraph


def child_id(parent_id: str, members: list[Member], taken: set[str] | frozenset[str] = frozenset()) -> str:
    digest = hashlib.sha256("\n".join([parent_id, *sorted(m.path for m in members)]).encode()).hexdigest()
    # 16 hex digits; more only in the (astronomically rare) case that id is already taken.
    size = 16
    while "sb_" + digest[:size] in taken and size < len(digest):
        size += 4
    return "sb_" + digest[:size]


def _directory(member: Member) -> tuple[str, ...]:
    """The literal directory part of an entry: ``src/a/**`` -> (src, a); ``src/a/x.py`` -> (src, a)."""
    literal: list[str] = []
    for segment in member.path.split("/")[:-1]:
        if is_glob(segment):
            break
        literal.append(segment)
    return tuple(literal)


def _common(prefixes: list[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(posixpath.commonprefix(prefixes))


def child_labels(groups: list[list[Member]]) -> list[str]:
    """For each group, the first directory segment past what all groups share; ``part N`` otherwise."""
    group_dirs = [_common([_directory(m) for m in group]) for group in groups]
    shared = len(_common(group_dirs))
    labels = [dirs[shared] if len(dirs) > shared else f"part {n + 1}" for n, dirs in enumerate(group_dirs)]
    return [label if labels.count(label) == 1 else f"{label} {n + 1}" for n, label in enumerate(labels)]


def child_name(parent_name: str, label: str) -> str:
    tail = " · " + label
    if len(tail) >= NAME_MAX:
        return label[:NAME_MAX].strip() or label[:NAME_MAX]
    head = parent_name.strip()[: NAME_MAX - len(tail)].rstrip()
    return (head + tail) if head else label[:NAME_MAX]


def safe_child_name(parent_name: str, label: str, n: int) -> str:
    """`child_name`, sanitized; ``part N`` when the directory's name is refused, ``Part N`` when the
    parent's is (a block imported before the rule held)."""
    for candidate in (child_name(parent_name, label), child_name(parent_name, f"part {n + 1}")):
        clean = sanitize_label(candidate, field="name", limit=NAME_MAX)
        if not isinstance(clean, UnsafeLabel):
            return clean
    return f"Part {n + 1}"


def _groups(block: SystemBlock, op: Split) -> list[list[Member]]:
    if not op.paths:
        raise Refusal(ErrorCode.SPLIT_GROUP_EMPTY, "a split needs at least one path group")
    owner: dict[str, int] = {}
    groups: list[list[Member]] = []
    for n, patterns in enumerate(op.paths):
        if not patterns:
            raise Refusal(ErrorCode.SPLIT_GROUP_EMPTY, f"path group {n} is empty")
        selected: dict[str, Member] = {}
        for pattern in patterns:
            try:
                validate_repo_path(pattern, field=f"paths[{n}]")
            except ValueError as exc:
                raise Refusal(ErrorCode.INVALID_PATH, str(exc)) from exc
            hits = [m for m in block.membership if m.path == pattern or path_matches(pattern, m.path)]
            if not hits:
                raise Refusal(
                    ErrorCode.SPLIT_GROUP_EMPTY,
                    f"pattern {pattern!r} of group {n} selects no member of {block.block_id!r}",
                )
            selected.update((m.path, m) for m in hits if m.path not in selected)
        for member in selected.values():
            if owner.get(member.path, n) != n:
                raise Refusal(
                    ErrorCode.SPLIT_GROUPS_OVERLAP,
                    f"member {member.path!r} falls in groups {owner[member.path]} and {n}",
                )
            owner[member.path] = n
        groups.append(list(selected.values()))
    return groups


def apply_split(w: Working, op: Split, survivors: SurvivorMap) -> None:
    survivors.refuse_if_absorbed(op.block_id, "split")
    parent = w.get(op.block_id)
    groups = _groups(parent, op)
    covered = {m.path for group in groups for m in group}
    rest = [m.path for m in parent.membership if m.path not in covered]
    if rest and not op.rest_to_residue:
        shown = ", ".join(repr(p) for p in rest[:3]) + (" ..." if len(rest) > 3 else "")
        raise Refusal(
            ErrorCode.SPLIT_NOT_TOTAL, f"{len(rest)} member(s) of {parent.block_id!r} are in no group: {shown}"
        )
    # An uncovered entry another block still claims stays mapped there; only truly unclaimed ones are residue.
    claimed_elsewhere = {p for p in rest if len(w.claims(p)) > 1}
    rest = [p for p in rest if p not in claimed_elsewhere]
    children: list[SystemBlock] = []
    for n, (group, label) in enumerate(zip(groups, child_labels(groups), strict=True)):
        new_id = child_id(parent.block_id, group, set(w.blocks) | {c.block_id for c in children})
        residue = list(dict.fromkeys([*parent.unmapped_residue, *rest])) if n == 0 else []
        child = copy_block(parent).model_copy(
            update={
                "block_id": new_id,
                "name": safe_child_name(parent.name, label, n),
                "membership": list(group),
                "unmapped_residue": residue,
                "membership_fingerprint": None,
                "resolved_members": [],
                "pre_archive_state": None,
                "candidate_meta": child_meta(parent),
            }
        )
        children.append(child)
    before = w.graph.members(w.all_blocks()) if w.graph is not None else None
    w.replace(parent.block_id, children)
    if w.graph is not None and before is not None:
        _recompute_sockets(w, w.graph, parent, children, before)
    else:
        rewrite_targets(w, {parent.block_id: [c.block_id for c in children]})
    w.measure.extend(c.block_id for c in children)
    w.settle(claimed_elsewhere)


def _recompute_sockets(
    w: Working, graph: EditGraph, parent: SystemBlock, children: list[SystemBlock], before: dict[str, set[str]]
) -> None:
    """Sockets across the split's new boundaries, from the code graph (see the module's docstring)."""
    parent_id = parent.block_id
    child_ids = [c.block_id for c in children]
    backed = graph.uses(before)  # (a, b): a's files use b's files, before the split
    after = graph.members(w.all_blocks())
    earned = graph.sockets(after)
    children_external = graph.external({c: after[c] for c in child_ids})
    parent_packages = graph.packages_of(before.get(parent_id, set()))
    for child_id in child_ids:
        child = w.blocks[child_id]
        own = earned.get(child_id, Sockets())
        child_packages = graph.packages_of(after[child_id])
        kept_in = [s for s in parent.sockets.inputs if s.to is None or (parent_id, s.to) not in backed]
        kept_out = [s for s in parent.sockets.outputs if s.to is None or (s.to, parent_id) not in backed]
        child.sockets.inputs = _unique([*own.inputs, *kept_in], child_id)
        child.sockets.outputs = _unique([*own.outputs, *kept_out], child_id)
        external = [
            s
            for s in parent.sockets.external
            if s.alias is None or s.alias not in parent_packages or s.alias in child_packages
        ]
        child.sockets.external = _unique([*external, *children_external.get(child_id, [])], child_id)
    for block_id in list(w.order):
        if block_id in child_ids or not any(s.to == parent_id for s in w.blocks[block_id].sockets.all()):
            continue
        block = w.edit(block_id)
        own = earned.get(block_id, Sockets())
        to_children_in = [s for s in own.inputs if s.to in child_ids]
        to_children_out = [s for s in own.outputs if s.to in child_ids]
        block.sockets.inputs = _unique(
            _through(block.sockets.inputs, parent_id, child_ids, (block_id, parent_id) in backed, to_children_in),
            block_id,
        )
        block.sockets.outputs = _unique(
            _through(block.sockets.outputs, parent_id, child_ids, (parent_id, block_id) in backed, to_children_out),
            block_id,
        )


def _through(
    sockets: list[Socket], parent_id: str, child_ids: list[str], backed: bool, recomputed: list[Socket]
) -> list[Socket]:
    """`sockets` with those to the parent replaced: by the `recomputed` ones to the children when the graph
    backs the dependency, else by one to every child (the graph cannot tell which)."""
    out: list[Socket] = []
    for socket in sockets:
        if socket.to != parent_id:
            out.append(socket)
        elif not backed:
            out.extend(socket.model_copy(update={"to": c}) for c in child_ids)
    if backed:
        out.extend(recomputed)
    return out


def _unique(sockets: list[Socket], own_id: str) -> list[Socket]:
    out: list[Socket] = []
    for socket in sockets:
        if socket.to != own_id and socket not in out:
            out.append(socket)
    return out
