"""The working copy a batch runs on: copy-on-write over the input store, which is never mutated.

A block is copied the first time an op writes to it (`edit`), so a batch over a large candidate copies only
what it touches. The copy is structural: the block and its lists are new, while the entries inside them
(`Member`, `Socket`, meta) are shared, because the engine never changes one in place — it replaces it.
Membership changes go through `add_member` / `drop_member` / `set_role`, which keep the path maps and the
claim index (path -> claimants) current and combine roles one way.
The residue is the union of every block's ``unmapped_residue`` and the store's ``unmapped_files``.

A batch touches a few paths of a large candidate, so nothing is built over all its members: a block's path
map (`member_index`) is built when the batch first looks into that block, and a path's claims are gathered
from those maps when the batch first asks about that path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rooms.contract import ErrorCode, Member, MemberRole, Store, SystemBlock
from rooms.edit.outcome import Refusal

if TYPE_CHECKING:
    from rooms.edit.graph import EditGraph


def copy_block(block: SystemBlock) -> SystemBlock:
    """A copy whose lists can be changed without touching `block` (their entries are shared)."""
    sockets = block.sockets.model_copy(
        update={
            "inputs": list(block.sockets.inputs),
            "outputs": list(block.sockets.outputs),
            "external": list(block.sockets.external),
        }
    )
    return block.model_copy(
        update={
            "membership": list(block.membership),
            "sockets": sockets,
            "unmapped_residue": list(block.unmapped_residue),
            "resolved_seams": list(block.resolved_seams),
        }
    )


def combine_roles(existing: Member, incoming: Member) -> Member:
    """One entry for a path that lands twice in one block: a primary claim wins, a shared claim yields to
    a specific role (test/docs/...), otherwise the block's existing role stays."""
    role = existing.role
    if existing.role is not incoming.role:
        if MemberRole.PRIMARY in (existing.role, incoming.role):
            role = MemberRole.PRIMARY
        elif existing.role is MemberRole.SHARED:
            role = incoming.role
    return Member(path=existing.path, role=role, optional=existing.optional and incoming.optional)


def member_index(block: SystemBlock) -> dict[str, Member]:
    """path -> entry of a block."""
    return {m.path: m for m in block.membership}


class Working:
    def __init__(self, store: Store, graph: EditGraph | None = None) -> None:
        self.store = store
        self.graph = graph
        # Blocks a merge or split regrouped: measured against the graph once the batch is done.
        self.measure: list[str] = []
        self.order: list[str] = [b.block_id for b in store.blocks]
        self.blocks: dict[str, SystemBlock] = {b.block_id: b for b in store.blocks}
        self.copied: set[str] = set()
        self.created: list[str] = []
        self.removed: list[str] = []
        self.unmapped_files: list[str] = list(store.unmapped_files)
        self.unmapped_total: int | None = store.unmapped_total
        self.touched_paths: set[str] = set()
        # block_id -> path -> entry: shared maps of the blocks not copied, own (kept current) maps of the rest.
        self._paths: dict[str, dict[str, Member]] = {}
        # path -> {block_id: entry}, in the order a full index built at the first query would have (block
        # order then, later claims last). Paths are added when asked about, or when changed after that query.
        self._claims: dict[str, dict[str, Member]] = {}
        self._indexing = False

    # -- blocks ---------------------------------------------------------------------------------------
    def get(self, block_id: str) -> SystemBlock:
        block = self.blocks.get(block_id)
        if block is None:
            raise Refusal(ErrorCode.UNKNOWN_BLOCK, f"no block {block_id!r} in the candidate")
        return block

    def edit(self, block_id: str) -> SystemBlock:
        """The block, copied on first write. Change membership through the methods below (they keep the
        claim index current); other fields may be set directly."""
        block = self.get(block_id)
        if block_id not in self.copied:
            paths = dict(self.member_paths(block_id))
            block = copy_block(block)
            self.blocks[block_id] = block
            self.copied.add(block_id)
            self._paths[block_id] = paths
        return block

    def replace(self, block_id: str, new_blocks: list[SystemBlock]) -> None:
        """Put `new_blocks` where `block_id` stood, and drop it."""
        at = self.order.index(block_id)
        self._unindex(block_id)
        self.order[at : at + 1] = [b.block_id for b in new_blocks]
        self._drop(block_id)
        for block in new_blocks:
            self.blocks[block.block_id] = block
            self.copied.add(block.block_id)
            self.created.append(block.block_id)
            self._paths[block.block_id] = {m.path: m for m in block.membership}
            for member in block.membership:
                self._index(block.block_id, member)

    def remove(self, block_id: str) -> None:
        self._unindex(block_id)
        self.order.remove(block_id)
        self._drop(block_id)

    def _drop(self, block_id: str) -> None:
        del self.blocks[block_id]
        self._paths.pop(block_id, None)
        self._forget(block_id)

    def _forget(self, block_id: str) -> None:
        if block_id in self.created:
            self.created.remove(block_id)
        else:
            self.removed.append(block_id)

    def all_blocks(self) -> list[SystemBlock]:
        return [self.blocks[block_id] for block_id in self.order]

    # -- membership -----------------------------------------------------------------------------------
    def member_paths(self, block_id: str) -> dict[str, Member]:
        """path -> entry of the block as it is now (read-only)."""
        paths = self._paths.get(block_id)
        if paths is None:
            paths = self._paths[block_id] = member_index(self.get(block_id))
        return paths

    def _claimants(self, path: str) -> dict[str, Member]:
        claims = self._claims.get(path)
        if claims is None:
            claims = {}
            for block_id in self.order:
                member = self.member_paths(block_id).get(path)
                if member is not None:
                    claims[block_id] = member
            self._claims[path] = claims
        return claims

    def _index(self, block_id: str, member: Member) -> None:
        """Record `member` in the claim index (call after the block's path map has it)."""
        if self._indexing:
            self._claimants(member.path)[block_id] = member

    def _unindex(self, block_id: str) -> None:
        """Drop the block's claims (call while the block is still in place)."""
        if self._indexing:
            for path in self.member_paths(block_id):
                self._claimants(path).pop(block_id, None)

    def claims(self, path: str) -> list[tuple[str, Member]]:
        self._indexing = True
        return list(self._claimants(path).items())

    def is_member_anywhere(self, path: str) -> bool:
        self._indexing = True
        return bool(self._claimants(path))

    def add_member(self, block_id: str, member: Member) -> None:
        self.add_members(block_id, [member])

    def add_members(self, block_id: str, members: list[Member]) -> None:
        """Add entries; one already present for the same path combines with it (`combine_roles`)."""
        block = self.edit(block_id)
        paths = self._paths[block_id]
        at: dict[str, int] | None = None  # path -> position, built when an entry first combines
        for member in members:
            existing = paths.get(member.path)
            if self._indexing:
                self._claimants(member.path)  # gathered before the block claims the path
            if existing is None:
                if at is not None:
                    at[member.path] = len(block.membership)
                block.membership.append(member)
            else:
                if at is None:
                    at = {m.path: n for n, m in enumerate(block.membership)}
                member = combine_roles(existing, member)
                block.membership[at[member.path]] = member
            paths[member.path] = member
            self._index(block_id, member)

    def drop_member(self, block_id: str, path: str) -> Member:
        existing = self.member_paths(block_id).get(path)
        if existing is None:
            raise Refusal(ErrorCode.PATH_NOT_MEMBER, f"{path!r} is not a member of block {block_id!r}")
        if self._indexing:
            self._claimants(path).pop(block_id)
        block = self.edit(block_id)
        block.membership.pop(_position(block, path))
        del self._paths[block_id][path]
        return existing

    def set_role(self, block_id: str, path: str, role: MemberRole) -> None:
        existing = self.member_paths(block_id).get(path)
        if existing is not None and existing.role is not role:
            member = Member(path=path, role=role, optional=existing.optional)
            block = self.edit(block_id)
            block.membership[_position(block, path)] = member
            self._paths[block_id][path] = member
            self._index(block_id, member)

    def settle(self, paths: set[str]) -> None:
        """A ``shared`` claim left as the only claim on its path becomes ``primary`` (nothing to share)."""
        for path in sorted(paths):
            claims = self.claims(path)
            if len(claims) == 1 and claims[0][1].role is MemberRole.SHARED:
                self.set_role(claims[0][0], path, MemberRole.PRIMARY)

    def keep_seam(self, block_id: str, path: str) -> None:
        """Record that the block keeps `path` as a seam by decision (``resolve_seam`` ``both``)."""
        block = self.edit(block_id)
        if path not in block.resolved_seams:
            block.resolved_seams = [*block.resolved_seams, path]

    def keeping(self, path: str) -> set[str]:
        """The ids of the claimants of `path` that keep it as a resolved seam."""
        return {block_id for block_id, _ in self.claims(path) if path in self.blocks[block_id].resolved_seams}

    def tidy_seams(self) -> None:
        """A block keeps only the seams it still holds as ``shared`` entries (a moved, settled or merged
        path leaves its ``resolved_seams``)."""
        for block_id in self.order:
            block = self.blocks[block_id]
            if block_id in self.copied and block.resolved_seams:
                shared = self.member_paths(block_id)
                block.resolved_seams = [
                    p
                    for p in dict.fromkeys(block.resolved_seams)
                    if p in shared and shared[p].role is MemberRole.SHARED
                ]

    # -- residue --------------------------------------------------------------------------------------
    def in_residue(self, path: str) -> bool:
        return path in self.unmapped_files or any(path in b.unmapped_residue for b in self.blocks.values())

    def take_from_residue(self, path: str) -> None:
        for block_id in list(self.order):
            if path in self.blocks[block_id].unmapped_residue:
                block = self.edit(block_id)
                block.unmapped_residue = [p for p in block.unmapped_residue if p != path]
        if path in self.unmapped_files:
            self.unmapped_files = [p for p in self.unmapped_files if p != path]
            if self.unmapped_total:
                self.unmapped_total -= 1


def _position(block: SystemBlock, path: str) -> int:
    return next(at for at, member in enumerate(block.membership) if member.path == path)
