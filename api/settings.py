"""API settings (prefix ``CODEROOMS_``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class ApiSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CODEROOMS_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    graphiql: bool = True
    introspection: bool = True
    max_query_depth: int = Field(default=12, ge=2, le=50)
    max_aliases: int = Field(default=32, ge=1, le=1000)
    max_tokens: int = Field(default=5_000, ge=100, le=200_000)
    response_cache: bool = Field(default=True, description="Keep answers to store reads (api.response_cache).")
    max_body_bytes: int = Field(default=1 << 20, ge=1024, description="Largest accepted request body.")
    scan_roots: list[Path] = Field(
        default_factory=lambda: [Path.cwd()],
        description="Directories the API may scan (JSON list); paths outside them are refused.",
    )
