"""Runner registry and runner naming as GraphQL types, inputs and result unions."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.schema import store as types
from api.schema.edit_types import EditRejected
from api.schema.results import Refused, VersionConflict
from graphdb.runners import RegisteredRunner
from rooms.naming import RunnerRole, Transport
from rooms.naming.runners import DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS
from services.naming_batch import BlockFallback, BlockOutcome

RunnerRoleEnum = strawberry.enum(RunnerRole, name="RunnerRole")
RunnerTransportEnum = strawberry.enum(
    Transport,
    name="RunnerTransport",
    description="COMMAND: a local executable (packet JSON on stdin, answer JSON on stdout). HTTP: POST the "
    "packet JSON, the body is the answer. OPENAI: an OpenAI-compatible chat-completions API.",
)


@strawberry.type(
    description="A registered runner. Credentials are never stored: `apiKeyEnv` is only the NAME of "
    "an environment variable of the server process."
)
class Runner:
    runner_id: strawberry.ID
    role: RunnerRoleEnum  # type: ignore[valid-type]
    transport: RunnerTransportEnum  # type: ignore[valid-type]
    command: list[str] = strawberry.field(description="argv of a COMMAND runner (no shell).")
    url: str | None = strawberry.field(description="HTTP: the endpoint. OPENAI: the API base, ending in /v1.")
    model: str | None
    api_key_env: str | None = strawberry.field(description="Name of the environment variable holding the key.")
    timeout_ms: int = strawberry.field(description="Per-block timeout; a COMMAND runner is killed at it.")
    concurrency: int = strawberry.field(description="Blocks named at once, at most.")
    pinned: bool
    repo_id: strawberry.ID | None = strawberry.field(
        description="The repository this runner serves (it wins there over an installation-wide one); "
        "null: installation-wide."
    )
    created_by: str
    created_at: str


def runner(registered: RegisteredRunner) -> Runner:
    spec = registered.spec
    return Runner(
        runner_id=strawberry.ID(spec.runner_id),
        role=spec.role,
        transport=spec.transport,
        command=list(spec.command),
        url=spec.url,
        model=spec.model,
        api_key_env=spec.api_key_env,
        timeout_ms=spec.timeout_ms,
        concurrency=spec.concurrency,
        pinned=spec.pinned,
        repo_id=None if spec.repo_id is None else strawberry.ID(spec.repo_id),
        created_by=registered.created_by,
        created_at=registered.created_at,
    )


@strawberry.input
class AddRunnerInput:
    runner_id: strawberry.ID = strawberry.field(description="Lower-case letters, digits and . _ : - (≤ 63).")
    transport: RunnerTransportEnum  # type: ignore[valid-type]
    role: RunnerRoleEnum = RunnerRole.NAMING  # type: ignore[valid-type]
    command: list[str] | None = strawberry.field(default=None, description="COMMAND only: argv, no shell.")
    url: str | None = None
    model: str | None = strawberry.field(default=None, description="OPENAI only: the model to ask.")
    api_key_env: str | None = strawberry.field(
        default=None,
        description="The NAME of the server's environment variable holding the API key "
        "(sent as a bearer token). Never the key itself.",
    )
    timeout_ms: int = DEFAULT_TIMEOUT_MS
    concurrency: int = DEFAULT_CONCURRENCY
    repo_id: strawberry.ID | None = strawberry.field(default=None, description="Scope to one repository.")
    pin: bool = strawberry.field(default=False, description="Pin it at once (unpins the other of its role and scope).")


@strawberry.type
class RunnerAdded:
    runner: Runner


@strawberry.input
class PinRunnerInput:
    runner_id: strawberry.ID
    pinned: bool = strawberry.field(default=True, description="false unpins.")


@strawberry.type
class RunnerPinned:
    runner: Runner


@strawberry.input
class RemoveRunnerInput:
    runner_id: strawberry.ID


@strawberry.type
class RunnerRemoved:
    runner_id: strawberry.ID


AddRunnerResult = Annotated[RunnerAdded | Refused, strawberry.union("AddRunnerResult")]
PinRunnerResult = Annotated[RunnerPinned | Refused, strawberry.union("PinRunnerResult")]
RemoveRunnerResult = Annotated[RunnerRemoved | Refused, strawberry.union("RemoveRunnerResult")]


@strawberry.input
class NameWithRunnerInput:
    repo_id: strawberry.ID
    expected_store_version: int
    block_ids: list[strawberry.ID] | None = strawberry.field(
        default=None, description="Omitted = every block that still needs owner naming."
    )
    agent_id: str | None = strawberry.field(default=None, description="If sent, must be the token's agent id.")


@strawberry.type
class BlockNamedByRunner:
    block_id: strawberry.ID
    name: str
    purpose: str


@strawberry.type(
    description="A block the runner did not name: it keeps its heuristic label, still marked "
    "needsOwnerNaming. `reason`: runner_unavailable | timeout | runner_failed | "
    "too_large | not_json | schema_violation | unsafe_label."
)
class NamingFallback:
    block_id: strawberry.ID
    reason: str
    detail: str


@strawberry.type(
    description="The runner's sanitized names, applied as ONE candidateEdit rename batch stamped "
    "namedBy RUNNER (storeVersion unchanged when no block got a name)."
)
class RunnerNamed:
    store_version: int
    store: types.Store
    runner_id: strawberry.ID
    named: list[BlockNamedByRunner]
    fallbacks: list[NamingFallback]
    lease_warning: str | None


NameWithRunnerResult = Annotated[
    RunnerNamed | EditRejected | VersionConflict | Refused, strawberry.union("NameWithRunnerResult")
]


def outcomes(items: list[BlockOutcome]) -> tuple[list[BlockNamedByRunner], list[NamingFallback]]:
    named = [
        BlockNamedByRunner(block_id=strawberry.ID(o.block_id), name=o.label.name, purpose=o.label.purpose)
        for o in items
        if not isinstance(o, BlockFallback)
    ]
    fallbacks = [
        NamingFallback(block_id=strawberry.ID(o.block_id), reason=o.failure.reason.value, detail=o.failure.detail)
        for o in items
        if isinstance(o, BlockFallback)
    ]
    return named, fallbacks
