"""The typed per-request context every resolver receives."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
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
    # One read per repository per request, shared by every field that needs the store (a DataLoader).
    store_reads: dict[str, asyncio.Future] = field(default_factory=dict)


Info: TypeAlias = StrawberryInfo[Context, None]
