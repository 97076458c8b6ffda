"""A small GraphQL-over-HTTP client for agents (httpx): one POST per document, bearer token, errors raised."""

from __future__ import annotations

from typing import Any

import httpx


class HandError(RuntimeError):
    """The API could not be reached, refused the token, or answered with GraphQL errors."""


class HandClient:
    def __init__(self, url: str, token: str, timeout_s: float = 300.0) -> None:
        self.url = url
        self._http = httpx.Client(headers={"authorization": f"Bearer {token}"}, timeout=timeout_s)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> HandClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def run(self, document: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``data`` of a document; raises `HandError` on transport, HTTP or GraphQL errors."""
        try:
            response = self._http.post(self.url, json={"query": document, "variables": variables or {}})
        except httpx.HTTPError as exc:
            raise HandError(f"cannot reach {self.url}: {type(exc).__name__}") from exc
        if response.status_code != 200:
            raise HandError(f"{self.url} answered HTTP {response.status_code}: {response.text[:200]}")
        body = response.json()
        if body.get("errors"):
            raise HandError("; ".join(str(e.get("message")) for e in body["errors"]))
        return body["data"]
