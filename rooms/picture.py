"""Where each block sits in the architecture picture: a deterministic layered layout (pure).

The picture draws blocks as boxes and internal sockets as arrows from the block that uses to the block
it uses. The layout puts users above what they use:

1. the graph: an arrow ``a -> b`` for every socket ``a.inputs[to=b]`` that is not test-only (a test's use
   is no dependency of the code);
2. cycles are broken by a greedy feedback-arc-set order (the arrows pointing back in it are left out);
3. layers: longest path from the top (a block sits one layer below the lowest block that uses it);
4. order inside a layer: a few barycenter sweeps (down then up), ties by block order, to cut crossings;
5. a layer wider than ``ROW`` blocks wraps onto the next rows, so 40 blocks stay readable; blocks with no
   arrow at all sit in the last rows, out of the way.

Same map (block ids, order and sockets) -> same positions. :func:`positions` keeps the positions a block
already has (stored by a scan or by the owner moving it) and places only the others, in free slots; a
position an earlier block already holds counts as unplaced (a split copies its parent's layout).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from rooms.contract import Layout, SystemBlock
from rooms.reconcile import resolve_members

ALGORITHM = "layered-v1"
BOX_W, BOX_H = 200.0, 64.0
GAP_X, GAP_Y = 40.0, 72.0
ROW = 7  # blocks per row before a layer wraps
SWEEPS = 4
TEST_ONLY = "test"


@dataclass(frozen=True)
class Place:
    """A block's position in the picture (the top-left corner of its box) and whether it was stored."""

    x: float
    y: float
    locked: bool
    stored: bool


def arrows(blocks: Sequence[SystemBlock], *, with_tests: bool = False) -> list[tuple[str, str]]:
    """The internal sockets as ``(user, used)`` pairs, in block order; test-only ones only when asked."""
    ids = {b.block_id for b in blocks}
    out: list[tuple[str, str]] = []
    for block in blocks:
        for socket in block.sockets.inputs:
            if socket.to is None or socket.to not in ids or socket.to == block.block_id:
                continue
            if socket.class_ == TEST_ONLY and not with_tests:
                continue
            if (block.block_id, socket.to) not in out:
                out.append((block.block_id, socket.to))
    return out


def _acyclic(order: list[str], edges: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The arrows that point forward in a greedy feedback-arc-set order (Eades, Lin and Smyth): sinks go
    last, sources first, otherwise the block with the most more uses than users; ties by block order. The
    few arrows pointing back (they close cycles) are left out of the layering."""
    succ: dict[str, set[str]] = defaultdict(set)
    pred: dict[str, set[str]] = defaultdict(set)
    for a, b in edges:
        succ[a].add(b)
        pred[b].add(a)
    left = dict.fromkeys(order)  # insertion-ordered set
    head: list[str] = []
    tail: list[str] = []
    while left:
        progress = True
        while progress:
            progress = False
            for node in [n for n in left if not (succ[n] & left.keys())]:
                tail.append(node)
                del left[node]
                progress = True
            for node in [n for n in left if not (pred[n] & left.keys())]:
                head.append(node)
                del left[node]
                progress = True
        if left:
            best = max(left, key=lambda n: len(succ[n] & left.keys()) - len(pred[n] & left.keys()))
            head.append(best)
            del left[best]
    rank = {n: i for i, n in enumerate(head + tail[::-1])}
    kept: dict[str, list[str]] = defaultdict(list)
    for a, b in edges:
        if rank[a] < rank[b]:
            kept[a].append(b)
    return kept


def _layers(order: list[str], succ: dict[str, list[str]]) -> dict[str, int]:
    indegree = {n: 0 for n in order}
    for a in order:
        for b in succ[a]:
            indegree[b] += 1
    layer = {n: 0 for n in order}
    ready = [n for n in order if indegree[n] == 0]
    rank = {n: i for i, n in enumerate(order)}
    while ready:
        ready.sort(key=rank.__getitem__)
        node = ready.pop(0)
        for nxt in succ[node]:
            layer[nxt] = max(layer[nxt], layer[node] + 1)
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                ready.append(nxt)
    return layer


def _barycenter(
    node: str, pos: dict[str, int], neighbours: dict[str, list[str]], rank: dict[str, int]
) -> tuple[float, int]:
    near = [pos[m] for m in neighbours[node] if m in pos]
    return (sum(near) / len(near) if near else float(pos[node]), rank[node])


def _ordered(order: list[str], succ: dict[str, list[str]], layer: dict[str, int]) -> list[list[str]]:
    depth = max(layer.values(), default=-1) + 1
    rows: list[list[str]] = [[n for n in order if layer[n] == d] for d in range(depth)]
    pred: dict[str, list[str]] = defaultdict(list)
    for a in order:
        for b in succ[a]:
            pred[b].append(a)
    rank = {n: i for i, n in enumerate(order)}

    def sweep(rows_in: list[list[str]], neighbours: dict[str, list[str]], indices: range) -> None:
        for d in indices:
            pos = {n: i for r in rows_in for i, n in enumerate(r)}
            rows_in[d].sort(key=partial(_barycenter, pos=pos, neighbours=neighbours, rank=rank))

    for _ in range(SWEEPS):
        sweep(rows, pred, range(1, depth))
        sweep(rows, succ, range(depth - 2, -1, -1))
    return rows


def layered(blocks: Sequence[SystemBlock]) -> dict[str, tuple[float, float]]:
    """Every block's position in the layered layout (module docstring), by block id."""
    edges = arrows(blocks)
    linked = {n for edge in edges for n in edge}
    order = [b.block_id for b in blocks if b.block_id in linked]
    succ = _acyclic(order, edges)
    rows = _ordered(order, succ, _layers(order, succ))
    rows.append([b.block_id for b in blocks if b.block_id not in linked])  # no arrow: the last rows
    out: dict[str, tuple[float, float]] = {}
    line = 0
    for row in rows:
        for start in range(0, len(row), ROW):
            chunk = row[start : start + ROW]
            # centred under the widest possible row, so short layers sit in the middle
            offset = (ROW - len(chunk)) * (BOX_W + GAP_X) / 2
            for i, block_id in enumerate(chunk):
                out[block_id] = (offset + i * (BOX_W + GAP_X), line * (BOX_H + GAP_Y))
            line += 1
    return out


def _slot(x: float, y: float) -> tuple[int, int]:
    return (round(x / (BOX_W + GAP_X) * 2), round(y / (BOX_H + GAP_Y) * 2))


def positions(blocks: Sequence[SystemBlock]) -> dict[str, Place]:
    """Stored positions where blocks have them (the first holder of a position keeps it), the layered
    layout's for the others when that spot is free, else the next free slot below everything."""
    out: dict[str, Place] = {}
    taken: set[tuple[int, int]] = set()
    for block in blocks:
        lay = block.layout
        if lay.x is not None and lay.y is not None and _slot(lay.x, lay.y) not in taken:
            out[block.block_id] = Place(lay.x, lay.y, lay.locked, True)
            taken.add(_slot(lay.x, lay.y))
    if len(out) == len(blocks):
        return out
    computed = layered(blocks)
    bottom = max((p.y for p in out.values()), default=-(BOX_H + GAP_Y))
    spill = 0
    for block in blocks:
        if block.block_id in out:
            continue
        x, y = computed[block.block_id]
        if out and _slot(x, y) in taken:
            x = (spill % ROW) * (BOX_W + GAP_X)
            y = bottom + (1 + spill // ROW) * (BOX_H + GAP_Y)
            spill += 1
        out[block.block_id] = Place(x, y, False, False)
        taken.add(_slot(x, y))
    return out


def with_layout(blocks: Sequence[SystemBlock], previous: Sequence[SystemBlock] = ()) -> list[SystemBlock]:
    """``blocks`` with a stored position each: a block ``previous`` placed (same id) keeps its place, the
    others get :func:`positions`'. Used once, when a scan writes a map, so the picture never jumps."""
    before = {b.block_id: b.layout for b in previous if b.layout.x is not None and b.layout.y is not None}
    kept = [b.model_copy(update={"layout": before[b.block_id]}) if b.block_id in before else b for b in blocks]
    places = positions(kept)
    out: list[SystemBlock] = []
    for block in kept:
        place = places[block.block_id]
        if place.stored:
            out.append(block)
            continue
        layout = Layout(x=place.x, y=place.y, locked=False, algorithm_seed=ALGORITHM, version=block.layout.version + 1)
        out.append(block.model_copy(update={"layout": layout}))
    return out


def moved(block: SystemBlock, x: float, y: float) -> SystemBlock:
    """``block`` placed at ``(x, y)`` by a person: locked there (a later layout keeps it)."""
    layout = block.layout.model_copy(update={"x": float(x), "y": float(y), "locked": True})
    layout = layout.model_copy(update={"version": block.layout.version + 1})
    return block.model_copy(update={"layout": layout})


def block_files(blocks: Sequence[SystemBlock], paths: Sequence[str]) -> dict[str, frozenset[str]]:
    """The files of the code graph each block's membership covers (exact paths, and globs expanded)."""
    files, known = sorted(paths), frozenset(paths)
    return {b.block_id: frozenset(resolve_members(b, files, known)) for b in blocks}


def edge_counts(
    files: Mapping[str, frozenset[str]], edges: Iterable[tuple[str, str, str]]
) -> dict[tuple[str, str], int]:
    """How many code-graph edges (one per source file, target file and kind) lead from block to block."""
    owners: dict[str, list[str]] = defaultdict(list)
    for block_id, paths in files.items():
        for path in paths:
            owners[path].append(block_id)
    out: dict[tuple[str, str], int] = defaultdict(int)
    for source, target, _kind in edges:
        for a in owners.get(source, ()):
            for b in owners.get(target, ()):
                if a != b:
                    out[(a, b)] += 1
    return dict(out)
