"""The runner registry: one ``Runner`` node per registered runner (F0c §3a "the pinned naming-runner").

A node keeps ``runner_id``, ``role``, ``repo_id`` (None: installation-wide) and ``pinned`` as plain
properties, and the rest of the definition as ``doc`` (canonical JSON of `RunnerSpec`). Credentials are
never in it: only the NAME of the environment variable that holds a key. At most one runner per role and
scope is pinned (pinning one unpins the others in the same statement); for a repository, its own pinned
runner wins over the installation-wide one. A repository-scoped runner is deleted with the repository.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from neo4j.exceptions import ConstraintError

from graphdb.database import Database
from rooms.contract import ErrorCode
from rooms.lease import format_time
from rooms.naming import RunnerRole, RunnerSpec

_PLAIN = ("runner_id", "role", "repo_id", "pinned")


@dataclass(frozen=True)
class RegisteredRunner:
    spec: RunnerSpec
    created_by: str
    created_at: str


class RunnerExists(ValueError):
    code = ErrorCode.RUNNER_EXISTS


def _doc(spec: RunnerSpec) -> str:
    data = spec.model_dump(mode="json", exclude=set(_PLAIN))
    return json.dumps(data, sort_keys=True)


def _registered(row: dict[str, Any]) -> RegisteredRunner:
    data = row["runner"]
    spec = RunnerSpec.model_validate({**json.loads(data["doc"]), **{k: data.get(k) for k in _PLAIN}})
    return RegisteredRunner(spec, str(data.get("created_by") or ""), str(data.get("created_at") or ""))


def add_runner(db: Database, spec: RunnerSpec, created_by: str, now: datetime) -> RegisteredRunner:
    """Register `spec` (unpinned; pin it with `pin_runner`). Raises `RunnerExists` for a taken id."""
    try:
        rows = db.execute(
            "runner_create",
            runner_id=spec.runner_id,
            role=spec.role.value,
            repo_id=spec.repo_id,
            doc=_doc(spec),
            created_by=created_by,
            created_at=format_time(now),
        )
    except ConstraintError as exc:
        raise RunnerExists(f"a runner {spec.runner_id!r} is already registered") from exc
    return _registered(rows[0])


def list_runners(db: Database, role: RunnerRole | None = None, repo_id: str | None = None) -> list[RegisteredRunner]:
    rows = db.rows("runner_list", role=None if role is None else role.value, repo_id=repo_id)
    return [_registered(row) for row in rows]


def pin_runner(db: Database, runner_id: str, pinned: bool = True) -> RegisteredRunner | None:
    """Pin (or unpin) a runner; None when there is no such runner."""
    rows = db.execute("runner_pin", runner_id=runner_id, pinned=pinned)
    return _registered(rows[0]) if rows else None


def remove_runner(db: Database, runner_id: str) -> bool:
    return bool(db.execute("runner_remove", runner_id=runner_id)[0]["removed"])


def pinned_runner(db: Database, repo_id: str, role: RunnerRole = RunnerRole.NAMING) -> RunnerSpec | None:
    """The runner to use for `repo_id`: its own pinned runner, else the installation-wide one, else None."""
    rows = db.rows("runner_pinned", role=role.value, repo_id=repo_id)
    return _registered(rows[0]).spec if rows else None
