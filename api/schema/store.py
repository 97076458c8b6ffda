"""The block map as GraphQL types: store, skeleton, blocks, members, sockets, candidate meta."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import strawberry

from api.context import Info
from api.resolvers.picture import MapView
from api.schema.enums import (
    BlockKindEnum,
    BlockStateEnum,
    MemberRoleEnum,
    MembershipSourceEnum,
    NamedByEnum,
    SkeletonStateEnum,
)
from api.schema.picture import BlockLayout, SocketEdges
from rooms import contract as c
from rooms.lease import parse_lease
from rooms.picture import TEST_ONLY, Place, positions


@strawberry.type
class Repo:
    repo_id: strawberry.ID
    root: str
    source_commit: str


@strawberry.type
class Ratification:
    method: str
    ratifier: str
    ratified_at: str
    commit: str


@strawberry.type
class Skeleton:
    skeleton_id: strawberry.ID
    version: int
    state: SkeletonStateEnum  # type: ignore[valid-type]
    ratification: Ratification


@strawberry.type
class Member:
    path: str
    role: MemberRoleEnum  # type: ignore[valid-type]
    optional: bool


@strawberry.type(description="A connection between blocks. Internal sockets bind `to` to a block id.")
class Socket:
    to: strawberry.ID | None
    type: str | None
    alias: str | None
    class_: str | None = strawberry.field(name="class")
    test_only: bool = strawberry.field(
        description="Only tests use this connection (every edge behind it starts in a test file); the picture "
        "hides these by default."
    )
    _view: strawberry.Private[MapView]
    _user: strawberry.Private[str]  # the block whose files use the other's (an input's owner, an output's `to`)
    _used: strawberry.Private[str]

    @strawberry.field(
        description="How many code-graph edges (one per using file, used file and kind) lie behind this "
        "internal socket; null for an external one, or for a block outside a store's map."
    )
    async def edge_count(self, info: Info) -> int | None:
        if not self._user or not self._used:
            return None
        return await self._view.edge_count(info.context, self._user, self._used)


@strawberry.type
class Sockets:
    inputs: list[Socket]
    outputs: list[Socket]
    external: list[Socket]


@strawberry.type(description="Why a candidate block is what it is: components, not one vibe score.")
class CandidateMeta:
    named_by: NamedByEnum  # type: ignore[valid-type]
    needs_owner_naming: bool
    graph_cohesion: float | None = strawberry.field(
        description="Internal-edge fraction; null when edgeSampleSize is below the declared floor."
    )
    edge_sample_size: int
    directory_support: float
    coverage_ratio: float
    shared_member_count: int


@strawberry.type
class Block:
    block_id: strawberry.ID
    name: str
    purpose: str
    kind: BlockKindEnum  # type: ignore[valid-type]
    state: BlockStateEnum  # type: ignore[valid-type]
    boundary_version: int
    contract_version: int
    membership_source: MembershipSourceEnum  # type: ignore[valid-type]
    membership: list[Member]
    sockets: Sockets
    unmapped_residue: list[str]
    candidate_meta: CandidateMeta | None
    seam_paths: list[str] = strawberry.field(description="Members this block shares with another block.")
    resolved_seams: list[str] = strawberry.field(
        description='Seams this block keeps by decision (resolveSeam "both"): shared, and resolved.'
    )
    layout: BlockLayout
    _view: strawberry.Private[MapView]

    @strawberry.field(
        description="The code-graph edges behind this block's use of block `to` (this block's files -> `to`'s "
        "files), with the symbols at each end; `first` at most 500. Null when `to` is not a block of this map."
    )
    async def socket_edges(self, info: Info, to: strawberry.ID, first: int = 50) -> SocketEdges | None:
        return await self._view.socket_edges(info.context, str(self.block_id), str(to), first)


@strawberry.type(description="A block map: the live skeleton of a repository, or a pending revision of it.")
class BlockMap:
    repo: Repo
    skeleton: Skeleton
    blocks: list[Block]

    @strawberry.field
    def block(self, block_id: strawberry.ID) -> Block | None:
        return next((b for b in self.blocks if b.block_id == block_id), None)


@strawberry.type
class Lease:
    curating_by: str
    curating_until: str
    live: bool


@strawberry.type(description="The store of one repository: its block map plus version, reconcile cache and lease.")
class Store(BlockMap):
    store_version: int
    unmapped_files: list[str]
    unmapped_total: int | None
    candidate_revision: BlockMap | None


# -- mapping from the contract models (one function per type) ----------------------------------
def socket(model: c.Socket, view: MapView, user: str = "", used: str = "") -> Socket:
    return Socket(
        to=None if model.to is None else strawberry.ID(model.to),
        type=model.type,
        alias=model.alias,
        class_=model.class_,
        test_only=model.class_ == TEST_ONLY and model.to is not None,
        _view=view,
        _user=user if model.to is not None else "",
        _used=used if model.to is not None else "",
    )


def block(
    model: c.SystemBlock,
    seams: frozenset[str] = frozenset(),
    view: MapView | None = None,
    place: Place | None = None,
) -> Block:
    """A block of a map; ``view`` (the map's shared reads) and ``place`` (from ``rooms.picture.positions``
    over the whole map) default to this block alone, outside any store."""
    meta = model.candidate_meta
    view = view or MapView(None, [model])
    place = place or positions([model])[model.block_id]
    own = model.block_id
    return Block(
        block_id=strawberry.ID(model.block_id),
        name=model.name,
        purpose=model.purpose,
        kind=model.kind,
        state=model.state,
        boundary_version=model.boundary_version,
        contract_version=model.contract_version,
        membership_source=model.membership_source,
        membership=[Member(path=m.path, role=m.role, optional=m.optional) for m in model.membership],
        sockets=Sockets(
            inputs=[socket(s, view, own, s.to or "") for s in model.sockets.inputs],
            outputs=[socket(s, view, s.to or "", own) for s in model.sockets.outputs],
            external=[socket(s, view) for s in model.sockets.external],
        ),
        unmapped_residue=list(model.unmapped_residue),
        candidate_meta=None
        if meta is None
        else CandidateMeta(
            named_by=meta.named_by,
            needs_owner_naming=meta.needs_owner_naming,
            graph_cohesion=meta.graph_cohesion,
            edge_sample_size=meta.edge_sample_size,
            directory_support=meta.directory_support,
            coverage_ratio=meta.coverage_ratio,
            shared_member_count=meta.shared_member_count,
        ),
        seam_paths=sorted(m.path for m in model.membership if m.path in seams),
        resolved_seams=list(model.resolved_seams),
        layout=BlockLayout(x=place.x, y=place.y, locked=place.locked, stored=place.stored),
        _view=view,
    )


def _shared_paths(blocks: Sequence[c.SystemBlock]) -> frozenset[str]:
    return frozenset(m.path for b in blocks for m in b.membership if m.role is c.MemberRole.SHARED)


def _parts(model: c.SeedFile | c.Store) -> dict[str, object]:
    shared = _shared_paths(model.blocks)
    r, s = model.repo, model.skeleton
    view = MapView(r.repo_id, model.blocks)
    places = positions(model.blocks)
    return {
        "repo": Repo(repo_id=strawberry.ID(r.repo_id), root=r.root, source_commit=r.source_commit),
        "skeleton": Skeleton(
            skeleton_id=strawberry.ID(s.skeleton_id),
            version=s.version,
            state=s.state,
            ratification=Ratification(**s.ratification.model_dump()),
        ),
        "blocks": [block(b, shared, view, places[b.block_id]) for b in model.blocks],
    }


def lease(model: c.Store) -> Lease | None:
    held = parse_lease(model.curating_by, model.curating_until)
    if held is None:
        return None
    return Lease(curating_by=held.holder, curating_until=held.until_text, live=held.live(datetime.now(UTC)))


def block_map(model: c.SeedFile) -> BlockMap:
    return BlockMap(**_parts(model))  # type: ignore[arg-type]


def store(model: c.Store) -> Store:
    return Store(
        **_parts(model),  # type: ignore[arg-type]
        store_version=model.store_version,
        unmapped_files=list(model.unmapped_files),
        unmapped_total=model.unmapped_total,
        candidate_revision=None if model.candidate_revision is None else block_map(model.candidate_revision),
    )
