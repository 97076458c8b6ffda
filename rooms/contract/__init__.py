"""The seed/store contract (CONTRACT §1) as pydantic v2 models, with byte-stable text codecs.

Public API:
- models: `SeedFile`, `Store`, `Repo`, `Skeleton`, `Ratification`, `UnmappedPolicy`, `SystemBlock`,
  `Member`, `Sockets`, `Socket`, `ReceiptContract`, `Req`, `Receipt`, `Emitter`, `ReceiptScope`,
  `Evidence`, `Validity`, `Layout`, `CandidateMeta`
- enums: `BlockState`, `SkeletonState`, `MemberRole`, `MembershipSource`, `BlockKind`, `NamedBy`,
  `ReceiptType`, `EmitterKind`, `UnmappedAction`, `Seat`
- codecs: `parse_seed`, `serialize_seed`, `parse_store`, `serialize_store`, `validate_seed`,
  `validate_store`, `store_from_seed`, `seed_from_store`
- paths: `validate_repo_path`, `path_problem`, `path_matches`, `glob_matches`, `is_glob`
- errors: `ContractError`, `ErrorCode` (every stable code, with `ERROR_CODE_DESCRIPTIONS`)
- constants: `SEED_SCHEMA`, `STORE_SCHEMA`, `UNMAPPED_FILES_CAP`
"""

from rooms.contract.blocks import (
    CandidateMeta,
    Emitter,
    Evidence,
    Layout,
    Member,
    Receipt,
    ReceiptContract,
    ReceiptScope,
    Req,
    Socket,
    Sockets,
    SystemBlock,
    Validity,
)
from rooms.contract.codec import (
    parse_seed,
    parse_store,
    serialize_seed,
    serialize_store,
    validate_seed,
    validate_store,
)
from rooms.contract.enums import (
    BlockKind,
    BlockState,
    EmitterKind,
    MemberRole,
    MembershipSource,
    NamedBy,
    ReceiptType,
    Seat,
    SkeletonState,
    UnmappedAction,
)
from rooms.contract.error_codes import DESCRIPTIONS as ERROR_CODE_DESCRIPTIONS
from rooms.contract.error_codes import ErrorCode
from rooms.contract.errors import ContractError
from rooms.contract.paths import glob_matches, is_glob, path_matches, path_problem, validate_repo_path
from rooms.contract.seed import (
    SEED_SCHEMA,
    STORE_SCHEMA,
    UNMAPPED_FILES_CAP,
    Ratification,
    Repo,
    SeedFile,
    Skeleton,
    Store,
    UnmappedPolicy,
    seed_from_store,
    store_from_seed,
)

__all__ = [
    "SEED_SCHEMA",
    "STORE_SCHEMA",
    "UNMAPPED_FILES_CAP",
    "BlockKind",
    "BlockState",
    "CandidateMeta",
    "ContractError",
    "ERROR_CODE_DESCRIPTIONS",
    "ErrorCode",
    "Emitter",
    "EmitterKind",
    "Evidence",
    "Layout",
    "Member",
    "MemberRole",
    "MembershipSource",
    "NamedBy",
    "Ratification",
    "Receipt",
    "ReceiptContract",
    "ReceiptScope",
    "ReceiptType",
    "Repo",
    "Req",
    "Seat",
    "SeedFile",
    "Skeleton",
    "SkeletonState",
    "Socket",
    "Sockets",
    "Store",
    "SystemBlock",
    "UnmappedAction",
    "UnmappedPolicy",
    "Validity",
    "glob_matches",
    "is_glob",
    "parse_seed",
    "parse_store",
    "path_matches",
    "path_problem",
    "seed_from_store",
    "serialize_seed",
    "serialize_store",
    "store_from_seed",
    "validate_repo_path",
    "validate_seed",
    "validate_store",
]
