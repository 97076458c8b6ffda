"""The typed per-request context every resolver receives."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from starlette.requests import Request
from starlette.responses import Response
from strawberry.types import Info as StrawberryInfo

from graphdb.database import Database
from graphdb.tokens import Identity


@dataclass
class Context:
    request: Request
    response: Response | None
    db: Database
    identity: Identity | None  # None only while serving the GraphiQL page, which runs no resolver


Info: TypeAlias = StrawberryInfo[Context, None]
