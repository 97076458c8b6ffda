"""GraphQL enums mirroring the contract's snake_case enums (values are the contract strings)."""

from __future__ import annotations

import strawberry

from rooms.contract import BlockKind, BlockState, MemberRole, MembershipSource, NamedBy, Seat, SkeletonState

SkeletonStateEnum = strawberry.enum(SkeletonState, name="SkeletonState")
BlockStateEnum = strawberry.enum(BlockState, name="BlockState")
BlockKindEnum = strawberry.enum(BlockKind, name="BlockKind")
MemberRoleEnum = strawberry.enum(MemberRole, name="MemberRole")
MembershipSourceEnum = strawberry.enum(MembershipSource, name="MembershipSource")
NamedByEnum = strawberry.enum(NamedBy, name="NamedBy")
SeatEnum = strawberry.enum(Seat, name="Seat")
