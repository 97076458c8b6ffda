"""serverInfo, /healthz and /readyz over real HTTP."""

from __future__ import annotations

import httpx
import pytest

from graphdb.database import Database
from tests.api.conftest import ServedApi

pytestmark = pytest.mark.integration


def test_server_info_reports_real_versions(api: ServedApi, db: Database) -> None:
    body = api.graphql("{ serverInfo { version neo4jVersion gdsVersion } }")
    assert "errors" not in body
    info = body["data"]["serverInfo"]
    assert (info["neo4jVersion"], info["gdsVersion"]) == db.versions()
    assert info["version"] and info["version"] != "0+unknown"


def test_health_and_readiness(api: ServedApi) -> None:
    assert httpx.get(f"{api.base_url}/healthz").json() == {"ok": True}
    ready = httpx.get(f"{api.base_url}/readyz")
    assert ready.status_code == 200 and ready.json() == {"ready": True}


def test_graphiql_on_get(api: ServedApi) -> None:
    page = httpx.get(api.graphql_url, headers={"accept": "text/html"})
    assert page.status_code == 200 and "graphiql" in page.text.lower()
