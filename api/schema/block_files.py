"""`Block.files`: the files behind a block's membership, paged (CONTRACT §2, "Added for review and agents")."""

from __future__ import annotations

import strawberry

from api.schema.enums import MemberRoleEnum
from api.schema.scan_types import PageInfo


@strawberry.type(description="A file behind a block's membership: an exact entry, or a file a `dir/**` entry covers.")
class BlockFile:
    path: str
    role: MemberRoleEnum = strawberry.field(  # type: ignore[valid-type]
        description="The role of the membership entry the file is behind."
    )
    entry: str = strawberry.field(description="The membership entry the file is behind (the path itself if exact).")
    language: str | None = strawberry.field(description="From the code graph; null without one.")
    bytes: int | None = strawberry.field(description="Size in bytes, from the code graph; null without one.")
    edges_in: int = strawberry.field(description="Files outside this block that depend on this file.")
    edges_out: int = strawberry.field(description="Files outside this block this file depends on.")
    community: int | None = strawberry.field(
        description="The code-graph community the last scan found the file in (the split preset groups by it)."
    )


@strawberry.type(
    description="The files behind a block's membership, by path, globs expanded against the code graph (as "
    "every reader resolves a map: a file another block lists exactly is that block's). Without a code graph, "
    "the exact entries alone. `totalCount` is every file, whatever the page size."
)
class BlockFileConnection:
    total_count: int
    nodes: list[BlockFile]
    page_info: PageInfo
