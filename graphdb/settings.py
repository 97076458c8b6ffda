"""Settings for the database side, read once from the environment.

Everything uses the ``CODEROOMS_`` prefix, except the four standard ``NEO4J_*`` variables,
which point at an external database (Aura, a ``neo4j+s://`` cluster, a container) and
override the local server whenever ``NEO4J_URI`` is set.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Backend(StrEnum):
    LOCAL = "local"
    DOCKER = "docker"


def _default_home() -> Path:
    return Path.home() / ".cache" / "coderooms"


class DbSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CODEROOMS_", extra="ignore")

    home: Path = Field(default_factory=_default_home, description="Cache directory for jars and local instances.")
    instance: str = Field(default="default", pattern=r"^[A-Za-z0-9_-]{1,40}$", description="Local instance name.")
    neo4j_backend: Backend = Backend.LOCAL
    neo4j_port: int | None = Field(default=None, ge=1, le=65535, description="Bolt port of the local server.")
    neo4j_heap: str = Field(default="2g", pattern=r"^[0-9]+[mg]$")
    neo4j_pagecache: str = Field(default="512m", pattern=r"^[0-9]+[mg]$")
    # The most memory the server's running transactions may hold together (Neo4j's
    # ``dbms.memory.transaction.total.max``; unset: Neo4j's own share of the heap). GDS builds its graphs on the
    # heap outside that pool, so trading one for the other is a real choice; Neo4j refuses less than 10m.
    neo4j_transaction_memory: str | None = Field(
        default=None, pattern=r"^(?:[1-9][0-9]+m|[1-9][0-9]*g)$", description="Transaction memory of the local server."
    )
    java_home: Path | None = Field(default=None, validation_alias=AliasChoices("CODEROOMS_JAVA_HOME", "JAVA_HOME"))
    jvm_dirs: list[Path] = Field(
        default_factory=lambda: [Path("/usr/lib/jvm"), Path("/Library/Java/JavaVirtualMachines")],
        description="Where to look for installed JDKs after JAVA_HOME and PATH.",
    )
    start_timeout_s: float = 180.0

    neo4j_uri: str | None = Field(default=None, validation_alias=AliasChoices("NEO4J_URI", "CODEROOMS_NEO4J_URI"))
    neo4j_user: str = Field(default="neo4j", validation_alias=AliasChoices("NEO4J_USER", "CODEROOMS_NEO4J_USER"))
    neo4j_password: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("NEO4J_PASSWORD", "CODEROOMS_NEO4J_PASSWORD")
    )
    neo4j_database: str = Field(
        default="neo4j", validation_alias=AliasChoices("NEO4J_DATABASE", "CODEROOMS_NEO4J_DATABASE")
    )

    @property
    def external(self) -> bool:
        return bool(self.neo4j_uri)
