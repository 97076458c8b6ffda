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
    max_query_cost: int = Field(
        default=30_000, ge=100, description="A request's cost budget (api.cost); dearer ones are refused unrun."
    )
    max_response_bytes: int = Field(
        default=16 << 20, ge=1024, description="Largest answer sent; a larger one is refused (RESPONSE_TOO_LARGE)."
    )
    seat_concurrency: int = Field(default=4, ge=1, description="GraphQL executions at a time per token.")
    seat_wait_seconds: float = Field(
        default=10.0, ge=0, description="How long a request beyond seat_concurrency waits before a 429."
    )
    max_tokens: int = Field(default=5_000, ge=100, le=200_000)
    response_cache: bool = Field(default=True, description="Keep answers to store reads (api.response_cache).")
    max_body_bytes: int = Field(default=1 << 20, ge=1024, description="Largest accepted request body.")
    scan_roots: list[Path] = Field(
        default_factory=lambda: [Path.cwd()],
        description="Directories the API may scan (JSON list); paths outside them are refused.",
    )
