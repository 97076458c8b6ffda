"""The working copy a batch runs on: copy-on-write over the input store, which is never mutated.

A block is deep-copied the first time an op writes to it (`edit`), so a batch over a large candidate copies
only what it touches. Membership changes go through `add_member` / `drop_member` so roles combine one way.
The residue is the union of every block's ``unmapped_residue`` and the store's ``unmapped_files``.
"""

from __future__ import annotations

from rooms.contract import Member, MemberRole, Store, SystemBlock
from rooms.edit.outcome import EditCode, Refusal
from rooms.edit.seams import Claims, claim_index


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


class Working:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.order: list[str] = [b.block_id for b in store.blocks]
        self.blocks: dict[str, SystemBlock] = {b.block_id: b for b in store.blocks}
        self.copied: set[str] = set()
        self.created: list[str] = []
        self.removed: list[str] = []
        self.unmapped_files: list[str] = list(store.unmapped_files)
        self.unmapped_total: int | None = store.unmapped_total
        self.touched_paths: set[str] = set()
        self._claims: Claims | None = None

    # -- blocks ---------------------------------------------------------------------------------------
    def get(self, block_id: str) -> SystemBlock:
        block = self.blocks.get(block_id)
        if block is None:
            raise Refusal(EditCode.UNKNOWN_BLOCK, f"no block {block_id!r} in the candidate")
        return block

    def edit(self, block_id: str) -> SystemBlock:
        """The block, copied on first write. Change membership through the methods below (they keep the
        claim index fresh); other fields may be set directly."""
        block = self.get(block_id)
        if block_id not in self.copied:
            block = block.model_copy(deep=True)
            self.blocks[block_id] = block
            self.copied.add(block_id)
        return block

    def replace(self, block_id: str, new_blocks: list[SystemBlock]) -> None:
        """Put `new_blocks` where `block_id` stood, and drop it."""
        at = self.order.index(block_id)
        self.order[at : at + 1] = [b.block_id for b in new_blocks]
        del self.blocks[block_id]
        self._forget(block_id)
        for block in new_blocks:
            self.blocks[block.block_id] = block
            self.copied.add(block.block_id)
            self.created.append(block.block_id)
        self._claims = None

    def remove(self, block_id: str) -> None:
        self.order.remove(block_id)
        del self.blocks[block_id]
        self._forget(block_id)
        self._claims = None

    def _forget(self, block_id: str) -> None:
        if block_id in self.created:
            self.created.remove(block_id)
        else:
            self.removed.append(block_id)

    def all_blocks(self) -> list[SystemBlock]:
        return [self.blocks[block_id] for block_id in self.order]

    # -- membership -----------------------------------------------------------------------------------
    def claims(self, path: str) -> list[tuple[str, Member]]:
        if self._claims is None:
            self._claims = claim_index(self.all_blocks())
        return self._claims.get(path, [])

    def is_member_anywhere(self, path: str) -> bool:
        return bool(self.claims(path))

    def add_member(self, block_id: str, member: Member) -> None:
        block = self.edit(block_id)
        self._claims = None
        for at, existing in enumerate(block.membership):
            if existing.path == member.path:
                block.membership[at] = combine_roles(existing, member)
                return
        block.membership.append(member)

    def drop_member(self, block_id: str, path: str) -> Member:
        block = self.edit(block_id)
        self._claims = None
        for at, existing in enumerate(block.membership):
            if existing.path == path:
                return block.membership.pop(at)
        raise Refusal(EditCode.PATH_NOT_MEMBER, f"{path!r} is not a member of block {block_id!r}")

    def set_role(self, block_id: str, path: str, role: MemberRole) -> None:
        block = self.edit(block_id)
        self._claims = None
        for at, existing in enumerate(block.membership):
            if existing.path == path and existing.role is not role:
                block.membership[at] = Member(path=path, role=role, optional=existing.optional)

    def settle(self, paths: set[str]) -> None:
        """A ``shared`` claim left as the only claim on its path becomes ``primary`` (nothing to share)."""
        lone = []
        for path in sorted(paths):
            claims = self.claims(path)
            if len(claims) == 1 and claims[0][1].role is MemberRole.SHARED:
                lone.append((claims[0][0], path))
        for block_id, path in lone:
            self.set_role(block_id, path, MemberRole.PRIMARY)

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

    def known_paths(self) -> set[str]:
        """Every member and residue path of the working candidate."""
        paths = set(self.unmapped_files)
        for block in self.blocks.values():
            paths.update(m.path for m in block.membership)
            paths.update(block.unmapped_residue)
        return paths
