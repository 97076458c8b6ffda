"""Every stable error code the project answers with: one enum, each value with its meaning.

``ErrorCode`` is the only source of codes: the domain's refusals (``ContractError``, the edit engine's
``Refusal``, ratify and mission refusals), the services' ``StoreRefused``, the API's ``Refused`` /
``EditRejected`` / ``RatifyRejected`` and its error extensions all take a member of it. Values are the
snake_case strings of the seed JSON and the CLI's ``--json``; GraphQL shows the member names (UPPER_SNAKE) as
the enum ``ErrorCode``, each value described by :data:`DESCRIPTIONS`. ``docs/errors.md`` is generated from
both (:func:`markdown`); a test keeps it in step.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    # The edit engine and the verbs over a store (CONTRACT §2).
    SKELETON_NOT_CANDIDATE = "skeleton_not_candidate"
    BLOCK_RATIFIED = "block_ratified"
    UNKNOWN_BLOCK = "unknown_block"
    UNKNOWN_PATH = "unknown_path"
    PATH_NOT_MEMBER = "path_not_member"
    PATH_NOT_UNMAPPED = "path_not_unmapped"
    INVALID_PATH = "invalid_path"
    EMPTY_BLOCK = "empty_block"
    DANGLING_SOCKET = "dangling_socket"
    ORPHANED_MEMBER = "orphaned_member"
    UNRESOLVED_SEAM = "unresolved_seam"
    MERGE_CYCLE = "merge_cycle"
    MERGE_INTO_VICTIM = "merge_into_victim"
    AMBIGUOUS_MERGE = "ambiguous_merge"
    SPLIT_GROUPS_OVERLAP = "split_groups_overlap"
    SPLIT_GROUP_EMPTY = "split_group_empty"
    SPLIT_NOT_TOTAL = "split_not_total"
    NAME_INVALID = "name_invalid"
    NEEDS_OWNER_NAMING = "needs_owner_naming"
    EMPTY_SELECTION = "empty_selection"
    SEAT_FORBIDDEN = "seat_forbidden"
    NO_STORE = "no_store"
    INVALID_OP = "invalid_op"
    INVALID_POSITION = "invalid_position"
    BATCH_ID_REUSED = "batch_id_reused"
    INVALID_TTL = "invalid_ttl"
    LEASE_BUSY = "lease_busy"
    # Seeds and stores as text (CONTRACT §1).
    INVALID_JSON = "invalid_json"
    SCHEMA_MISMATCH = "schema_mismatch"
    UNKNOWN_FIELD = "unknown_field"
    MISSING_FIELD = "missing_field"
    INVALID_ENUM = "invalid_enum"
    RECEIPTS_IN_CANDIDATE = "receipts_in_candidate"
    INVALID_RECEIPT = "invalid_receipt"
    INVALID_SEED = "invalid_seed"
    INVALID_STORE = "invalid_store"
    # Scans.
    INVALID_REPO_ID = "invalid_repo_id"
    INVALID_REVIEW_LIMIT = "invalid_review_limit"
    SCAN_IN_PROGRESS = "scan_in_progress"
    PATH_REBIND_REFUSED = "path_rebind_refused"
    SCAN_FAILED = "scan_failed"
    SCAN_CANCELLED = "scan_cancelled"
    UNKNOWN_SCAN_JOB = "unknown_scan_job"
    TOO_MANY_SCANS = "too_many_scans"
    # Missions.
    MISSION_NOT_FOUND = "mission_not_found"
    MISSION_DELIVERED = "mission_delivered"
    NOT_MISSION_HOLDER = "not_mission_holder"
    LETTER_INVALID = "letter_invalid"
    INVALID_STORE_VERSION = "invalid_store_version"
    # Runners.
    INVALID_RUNNER = "invalid_runner"
    RUNNER_EXISTS = "runner_exists"
    UNKNOWN_RUNNER = "unknown_runner"
    NO_RUNNER = "no_runner"
    # The server's limits and state.
    DATABASE_UNAVAILABLE = "database_unavailable"
    DATABASE_OUT_OF_MEMORY = "database_out_of_memory"
    QUERY_TOO_COSTLY = "query_too_costly"
    RESPONSE_TOO_LARGE = "response_too_large"
    TOO_MANY_REQUESTS = "too_many_requests"


DESCRIPTIONS: dict[ErrorCode, str] = {
    ErrorCode.SKELETON_NOT_CANDIDATE: "The skeleton is ratified; the verb applies to a candidate only.",
    ErrorCode.BLOCK_RATIFIED: "The op would change a block already ratified; the candidate blocks stay editable.",
    ErrorCode.UNKNOWN_BLOCK: "No block with that id in the store (or an earlier op of the batch merged it away).",
    ErrorCode.UNKNOWN_PATH: "The path is neither a member of any block nor in the unmapped residue.",
    ErrorCode.PATH_NOT_MEMBER: "The path is not a member of the block the op names.",
    ErrorCode.PATH_NOT_UNMAPPED: "The path is a member of a block, not in the unmapped residue.",
    ErrorCode.INVALID_POSITION: "A block position in placeBlocks is not a finite number within the picture's bounds.",
    ErrorCode.INVALID_PATH: "A path breaks the repo-relative POSIX rule, or a scan path is outside the scan roots.",
    ErrorCode.EMPTY_BLOCK: "The batch would leave a block with no members.",
    ErrorCode.DANGLING_SOCKET: "An internal socket names a block that does not exist.",
    ErrorCode.ORPHANED_MEMBER: "A path would belong to no block and not be in the residue.",
    ErrorCode.UNRESOLVED_SEAM: "A path shared by several blocks has no resolution (resolve the seam first).",
    ErrorCode.MERGE_CYCLE: "A merge would merge a block into itself, directly or through another merge.",
    ErrorCode.MERGE_INTO_VICTIM: "A merge targets a block that the batch merges away.",
    ErrorCode.AMBIGUOUS_MERGE: "A block is merged into two different blocks in one batch.",
    ErrorCode.SPLIT_GROUPS_OVERLAP: "A member falls in more than one group of a split.",
    ErrorCode.SPLIT_GROUP_EMPTY: "A split has no group, an empty group, or a pattern that selects no member.",
    ErrorCode.SPLIT_NOT_TOTAL: "Some members of the split block are in no group.",
    ErrorCode.NAME_INVALID: "A block name or purpose breaks the text rule (length, control or invisible characters).",
    ErrorCode.NEEDS_OWNER_NAMING: "The block still carries an untouched heuristic name; name it before ratifying.",
    ErrorCode.EMPTY_SELECTION: "An empty list of blocks to ratify (omit the list to ratify all).",
    ErrorCode.SEAT_FORBIDDEN: "The token's seat may not do this, or agentId is not the token's own agent id.",
    ErrorCode.NO_STORE: "The repository has no store; scan it (or import a seed) first.",
    ErrorCode.INVALID_OP: "An edit op's payload does not parse.",
    ErrorCode.BATCH_ID_REUSED: "The batchId was applied before with other ops.",
    ErrorCode.INVALID_TTL: "A lease's time to live is out of range.",
    ErrorCode.LEASE_BUSY: "Another agent holds the curation lease.",
    ErrorCode.INVALID_JSON: "The text is not JSON (or repeats a key, or nests too deeply).",
    ErrorCode.SCHEMA_MISMATCH: "The document's `schema` is not the expected seed or store schema.",
    ErrorCode.UNKNOWN_FIELD: "The document has a key the contract does not define.",
    ErrorCode.MISSING_FIELD: "The document lacks a required key.",
    ErrorCode.INVALID_ENUM: "A value outside one of the contract's enums.",
    ErrorCode.RECEIPTS_IN_CANDIDATE: "A block of a candidate skeleton carries receipts.",
    ErrorCode.INVALID_RECEIPT: "A receipt's scope or evidence breaks the receipt contract.",
    ErrorCode.INVALID_SEED: "Any other shape or value error in a seed.",
    ErrorCode.INVALID_STORE: "Any other shape or value error in a store.",
    ErrorCode.INVALID_REPO_ID: "The repository id breaks the id rule.",
    ErrorCode.INVALID_REVIEW_LIMIT: "reviewLimit must be at least 1.",
    ErrorCode.SCAN_IN_PROGRESS: "A scan of the repository is running; wait for it or cancel it.",
    ErrorCode.PATH_REBIND_REFUSED: "The repository id is bound to another directory; the scan would rebind it.",
    ErrorCode.SCAN_FAILED: "A scan job failed unexpectedly; the server's log says why. Nothing was written.",
    ErrorCode.SCAN_CANCELLED: "The scan job was cancelled; the map and the code graph are as they were.",
    ErrorCode.UNKNOWN_SCAN_JOB: "No such scan job in this API process (finished jobs are kept a few minutes).",
    ErrorCode.TOO_MANY_SCANS: "This API process runs as many scan jobs as it may; start again when one ends.",
    ErrorCode.MISSION_NOT_FOUND: "No mission with that id.",
    ErrorCode.MISSION_DELIVERED: "The mission was delivered already.",
    ErrorCode.NOT_MISSION_HOLDER: "Only the hand holding the mission (and, for letters, the owner) may do this.",
    ErrorCode.LETTER_INVALID: "A letter, note or summary is empty, too long, or has hidden characters.",
    ErrorCode.INVALID_STORE_VERSION: "The delivered store version is outside the mission's range.",
    ErrorCode.INVALID_RUNNER: "A runner definition that cannot work.",
    ErrorCode.RUNNER_EXISTS: "A runner with that id is registered already.",
    ErrorCode.UNKNOWN_RUNNER: "No runner with that id.",
    ErrorCode.NO_RUNNER: "No naming runner is pinned; add one and pin it.",
    ErrorCode.DATABASE_UNAVAILABLE: "Neo4j is not answering now; the request did nothing. Retry (HTTP 503).",
    ErrorCode.DATABASE_OUT_OF_MEMORY: (
        "Neo4j refused a statement for lack of memory; nothing was written. Give the server more memory "
        "(the local one: CODEROOMS_NEO4J_HEAP, then db stop and db start) and try again."
    ),
    ErrorCode.QUERY_TOO_COSTLY: "The query's estimated cost is over the per-request budget.",
    ErrorCode.RESPONSE_TOO_LARGE: "The answer would be larger than the server sends; ask for less.",
    ErrorCode.TOO_MANY_REQUESTS: "The caller sent too many requests; slow down (HTTP 429).",
}

ENUM_DESCRIPTION = (
    "A stable error code. Clients match on it; the message beside it is for people. "
    "The seed JSON and the CLI's --json spell it in snake_case."
)


def markdown() -> str:
    """The text of ``docs/errors.md``."""
    lines = [
        "# Error codes",
        "",
        "<!-- Generated from rooms/contract/error_codes.py by `make docs/errors.md`; do not edit. -->",
        "",
        ENUM_DESCRIPTION,
        "",
        "GraphQL answers them as the enum `ErrorCode` (the `code` of `Refused` and `EditRejected`, the `reason`",
        "of a `RatifyRejected` block, and `extensions.code` of an error); the CLI's `--json` and messages",
        "give the snake_case value.",
        "",
        "| GraphQL | `--json` | meaning |",
        "| --- | --- | --- |",
    ]
    lines += [f"| `{code.name}` | `{code.value}` | {DESCRIPTIONS[code]} |" for code in ErrorCode]
    return "\n".join(lines) + "\n"
