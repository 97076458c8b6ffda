"""A registered runner (F0c §3a, F11 §2a): what it is for, how it is reached, how long it may take.

Transports:
- ``command``: a local executable (``command`` is its argv, no shell): the naming packet as JSON on stdin,
  the answer as JSON on stdout, killed at the per-block timeout;
- ``http``: POST the packet JSON to ``url``; the response body is the answer JSON;
- ``openai``: an OpenAI-compatible chat-completions API; ``url`` is its base (ending in ``/v1``), the
  adapter POSTs ``{url}/chat/completions`` with ``model``, a system prompt and the packet, and reads the
  answer JSON from the message content.

Credentials never enter the store: ``api_key_env`` is the NAME of an environment variable of the process
that runs the runner (sent as ``Authorization: Bearer <value>`` by the HTTP transports). A name that looks
like a secret itself is refused. ``repo_id`` scopes a runner to one repository (it wins over an
installation-wide pinned runner there); None means installation-wide.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Self
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError, model_validator

from rooms.contract import ErrorCode
from rooms.contract.text import Reason, sanitize_label

RUNNER_ID = r"^[a-z0-9][a-z0-9_.:-]{0,62}$"
ENV_NAME = re.compile(r"^[A-Z_][A-Z0-9_]{0,63}$")
DEFAULT_TIMEOUT_MS = 10_000
DEFAULT_CONCURRENCY = 8


class RunnerRole(StrEnum):
    NAMING = "naming"


class Transport(StrEnum):
    COMMAND = "command"
    HTTP = "http"
    OPENAI = "openai"


class RunnerSpecError(ValueError):
    """A runner definition that cannot work (code ``invalid_runner``)."""

    code = ErrorCode.INVALID_RUNNER


class RunnerSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    runner_id: StrictStr = Field(pattern=RUNNER_ID)
    role: RunnerRole = RunnerRole.NAMING
    transport: Transport
    command: tuple[StrictStr, ...] = ()
    url: StrictStr | None = None
    model: StrictStr | None = None
    api_key_env: StrictStr | None = None
    timeout_ms: StrictInt = Field(default=DEFAULT_TIMEOUT_MS, ge=50, le=600_000)
    concurrency: StrictInt = Field(default=DEFAULT_CONCURRENCY, ge=1, le=64)
    pinned: StrictBool = False
    repo_id: StrictStr | None = None

    @property
    def timeout_s(self) -> float:
        return self.timeout_ms / 1000

    @model_validator(mode="after")
    def _reachable(self) -> Self:
        if self.transport is Transport.COMMAND:
            if not self.command or not self.command[0] or self.url is not None:
                raise ValueError("a command runner needs a command (argv) and no url")
            if any("\x00" in part for part in self.command):
                raise ValueError("a command argument holds a NUL character")
        else:
            if self.command:
                raise ValueError(f"an {self.transport.value} runner takes a url, not a command")
            parts = urlsplit(self.url or "")
            if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
                raise ValueError("the url must be http(s)://host[:port][/path] without credentials in it")
            if self.transport is Transport.OPENAI and not self.model:
                raise ValueError("an openai runner needs a model")
        if self.api_key_env is not None:
            if not ENV_NAME.match(self.api_key_env):
                raise ValueError("api_key_env is the NAME of an environment variable (A-Z, 0-9, _), not a key")
            checked = sanitize_label(self.api_key_env.replace("_", " "), field="api_key_env", limit=64)
            if not isinstance(checked, str) and checked.reason is Reason.SECRET_LIKE:
                raise ValueError("api_key_env looks like a secret itself; store the variable's NAME only")
        return self


def runner_spec(**fields: object) -> RunnerSpec:
    """Validate a runner definition; raise `RunnerSpecError` with a plain message."""
    try:
        return RunnerSpec.model_validate(fields)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        message = str(first["msg"]).removeprefix("Value error, ")
        raise RunnerSpecError(f"{where}: {message}" if where else message) from exc
