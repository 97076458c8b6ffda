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
    scan_roots: list[Path] = Field(
        default_factory=lambda: [Path.cwd()],
        description="Directories the API may scan (JSON list); paths outside them are refused.")
